export { registerDictRoutes } from './routes.ts';
export { seedDictionaries } from './seed.ts';
export { dictionaryData } from './service.ts';
