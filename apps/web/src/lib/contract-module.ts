// The contract as one module for `loadContract`. Importing the package's barrel dynamically and directly
// would make the bundler tie every module of the package to the entry (which imports its constants), so
// the dynamic import goes through this module instead.
export * from '@chatpay/shared';
