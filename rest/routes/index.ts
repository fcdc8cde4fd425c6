import type { Services } from '../../server/Services.js';
import type { Route } from '../route.js';
import { meRoutes } from './me.js';

/** Every API operation, grouped as SPEC.md groups them. */
export function allRoutes(services: Services): Route[] {
  return [...meRoutes(services)];
}
