import type { Services } from '../../server/Services.js';
import type { Route } from '../route.js';
import { aiRoutes } from './ai.js';
import { boardContentRoutes } from './boardContent.js';
import { boardRoutes } from './boards.js';
import { chatRoutes } from './chat.js';
import { itemRoutes } from './items.js';
import { itemTypeRoutes } from './itemTypes.js';
import { meRoutes } from './me.js';
import { memberRoutes } from './members.js';
import { searchRoutes } from './search.js';
import { spaceRoutes } from './spaces.js';

/** Every API operation, grouped as SPEC.md groups them. */
export function allRoutes(services: Services): Route[] {
  return [
    ...meRoutes(services),
    ...spaceRoutes(services),
    ...boardRoutes(services),
    ...memberRoutes(services),
    ...boardContentRoutes(services),
    ...itemRoutes(services),
    ...aiRoutes(services),
    ...itemTypeRoutes(services),
    ...chatRoutes(services),
    ...searchRoutes(services),
  ];
}
