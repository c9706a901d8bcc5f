/**
 * The shared error table. The envelope's `code` is one of these; clients branch on the code,
 * never on the message text. 1000 is success; 1001-1099 are generic; each domain owns a block.
 */
export const ErrorCode = {
  Success: 1000,
  General: 1001,
  Validation: 1002,
  Unauthorized: 1003,
  Forbidden: 1004,
  NotFound: 1005,
  RateLimited: 1006,
  Internal: 1007,
  Conflict: 1008,

  UsernameTaken: 1101,
  InvalidCredentials: 1102,
  AgreementRequired: 1103,
  InvalidShareCode: 1104,
  ShareCodeAlreadySigned: 1105,
  WrongPassword: 1106,
  PinNotSet: 1107,
  WrongPin: 1108,
  PinLocked: 1109,
  RefreshTokenInvalid: 1110,
  ContentEmpty: 1111,
  OwnShareCode: 1112,

  UploadMissing: 1201,
  UploadTooLarge: 1202,
  UploadTypeNotAllowed: 1203,
  ParamNotAllowed: 1204,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default English messages; the web client translates by code (`errors.<code>`). */
export const errorMessages: Record<ErrorCode, string> = {
  [ErrorCode.Success]: 'success',
  [ErrorCode.General]: 'Request failed',
  [ErrorCode.Validation]: 'Invalid input',
  [ErrorCode.Unauthorized]: 'Please log in again',
  [ErrorCode.Forbidden]: 'You do not have permission to do this',
  [ErrorCode.NotFound]: 'Not found',
  [ErrorCode.RateLimited]: 'Too many requests, please try again later',
  [ErrorCode.Internal]: 'Service exception',
  [ErrorCode.Conflict]: 'The request conflicts with the current state',
  [ErrorCode.UsernameTaken]: 'This user name is already taken',
  [ErrorCode.InvalidCredentials]: 'Wrong user name or password',
  [ErrorCode.AgreementRequired]: 'Please agree to the user agreement and privacy policy first',
  [ErrorCode.InvalidShareCode]: 'Invalid invite code',
  [ErrorCode.ShareCodeAlreadySigned]: 'An invite code has already been bound to this account',
  [ErrorCode.WrongPassword]: 'Wrong password',
  [ErrorCode.PinNotSet]: 'Please set your payment PIN first',
  [ErrorCode.WrongPin]: 'Wrong payment PIN',
  [ErrorCode.PinLocked]: 'Too many wrong PINs: the payment PIN is locked for 15 minutes',
  [ErrorCode.RefreshTokenInvalid]: 'Your login has expired, please log in again',
  [ErrorCode.ContentEmpty]: 'Content cannot be empty',
  [ErrorCode.OwnShareCode]: 'You cannot use your own invite code',
  [ErrorCode.UploadMissing]: 'No file was uploaded',
  [ErrorCode.UploadTooLarge]: 'The file is too large',
  [ErrorCode.UploadTypeNotAllowed]: 'This file type is not allowed',
  [ErrorCode.ParamNotAllowed]: 'Unknown parameter',
};
