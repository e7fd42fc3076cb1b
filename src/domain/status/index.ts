// The status module's public surface.
export { type ServiceStatus, statusService } from './service.ts';
