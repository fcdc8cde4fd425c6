import type { Services } from '../../server/Services.js';
import type { Route } from '../route.js';
import { aiRoutes } from './ai.js';
import { assetRoutes } from './assets.js';
import { boardContentRoutes } from './boardContent.js';
import { boardRoutes } from './boards.js';
import { chatRoutes } from './chat.js';
import { importRoutes } from './imports.js';
import { invitationRoutes } from './invitations.js';
import { itemRoutes } from './items.js';
import { itemTypeRoutes } from './itemTypes.js';
import { meRoutes } from './me.js';
import { memberRoutes } from './members.js';
import { oauthSettingsRoutes } from './oauthSettings.js';
import { searchRoutes } from './search.js';
import { skillRoutes } from './skills.js';
import { spaceRoutes } from './spaces.js';
import { webhookRoutes } from './webhooks.js';

/** A facade of `services` holding only `keys`: each route group gets what it uses and nothing else. */
export function facade<K extends keyof Services>(services: Services, ...keys: K[]): Pick<Services, K> {
  const picked = {} as Pick<Services, K>;
  for (const key of keys) picked[key] = services[key];
  return Object.freeze(picked);
}

/** Every API operation, grouped as SPEC.md groups them; each group receives its own narrow facade. */
export function allRoutes(services: Services): Route[] {
  return [
    ...meRoutes(facade(services, 'me', 'accounts')),
    ...oauthSettingsRoutes(facade(services, 'oauth')),
    ...spaceRoutes(facade(services, 'spaces', 'spaceMembers', 'publicLinks', 'accounts', 'config')),
    ...boardRoutes(facade(services, 'boards', 'activity', 'access', 'accounts', 'config')),
    ...memberRoutes(facade(services, 'boardMembers', 'publicLinks', 'accounts', 'config')),
    ...invitationRoutes(facade(services, 'pendingInvitations', 'config')),
    ...boardContentRoutes(facade(services, 'content', 'hub', 'access', 'accounts', 'config')),
    ...itemRoutes(facade(services, 'content', 'access')),
    ...importRoutes(facade(services, 'imports')),
    ...assetRoutes(facade(services, 'assets')),
    ...aiRoutes(facade(services, 'ai', 'jobs', 'skills')),
    ...skillRoutes(facade(services, 'skills')),
    ...itemTypeRoutes(),
    ...chatRoutes(facade(services, 'chat')),
    ...searchRoutes(facade(services, 'search', 'config')),
    ...webhookRoutes(facade(services, 'webhooks')),
  ];
}
