import { z } from 'zod';
import type { Services } from '../../server/Services.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';

const tag = 'Me';

const oauthSettings = z
  .object({
    mcpClientsAllowed: z
      .boolean()
      .describe(
        'Whether people of the workspace may connect MCP clients and other apps that register themselves (Dynamic Client Registration or a Client ID Metadata Document). Off: such apps are refused at authorization and their tokens stop working. Default true.',
      ),
  })
  .strict();

/** The workspace's OAuth settings: whether unverified (MCP) clients may be connected. */
export function oauthSettingsRoutes(services: Pick<Services, 'oauth'>): Route[] {
  const { policies } = services.oauth;
  return [
    defineRoute({
      operationId: 'getOAuthSettings',
      method: 'GET',
      path: '/me/oauth-settings',
      tag,
      summary: 'Whether people of the workspace may connect MCP clients (apps that register themselves).',
      scope: 'user:read',
      response: oauthSettings,
      handler: async ({ principal }) => policies.get(principal),
    }),
    defineRoute({
      operationId: 'putOAuthSettings',
      method: 'PUT',
      path: '/me/oauth-settings',
      tag,
      summary: "Replace the workspace's OAuth settings (workspace owners and admins).",
      scope: 'user:write',
      body: oauthSettings,
      bodyExample: { mcpClientsAllowed: false },
      response: oauthSettings,
      errors: ['forbidden'],
      handler: async ({ principal, body }) => policies.set(principal, body),
    }),
  ];
}
