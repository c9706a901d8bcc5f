export { isOwnUrl } from './own-url.ts';
export { registerUploadRoutes } from './routes.ts';
