import type { OAuthAppRecord } from '../../storage/schema/oauth.js';

/**
 * Whether the client registered itself (Dynamic Client Registration) or is named by its
 * metadata document URL: an unverified third party, as MCP clients are. The consent page says
 * so, and a workspace admin can refuse them (`WorkspacePolicyService`).
 */
export function isUnverifiedClient(app: OAuthAppRecord): boolean {
  return app.registration === 'dynamic' || app.registration === 'metadata_document';
}
