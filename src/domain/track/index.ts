// The track module's public surface: first-party event tracking and geo lookup.
export { type TrackInput, trackService, type TrackService } from './service.ts';
export { dbipCityFiles, dbipGeoLocator, defaultGeoLocator, geoFromRecord, lookupAddress, NO_GEO } from './geo.ts';
