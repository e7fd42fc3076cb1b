// The incidents module's public surface.
export { type Incident, incidentsService, type IncidentsService } from './service.ts';
