import type { OAuthAppRecord } from '../../storage/schema/oauth.js';

/**
 * Whether the client registered itself (Dynamic Client Registration) or is named by its
 * metadata document URL: an unverified third party, as MCP clients are. The consent page says
 * so, and a workspace admin can refuse them (`WorkspacePolicyService`).
 */
export function isUnverifiedClient(app: OAuthAppRecord): boolean {
  return app.registration === 'dynamic' || app.registration === 'metadata_document';
}

/** What distinguishes one unverified client's record; the rest is the same for all of them. */
export interface UnverifiedClientFields {
  id: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  isPublic: boolean;
  secretDigest: string | null;
  registration: 'dynamic' | 'metadata_document';
  createdAt: number;
  updatedAt: number;
  metadataExpiresAt?: number;
}

/**
 * The app record of an unverified client: no workspace, owner, description, logo or terms, and
 * connectable by anyone (`published`), subject to their workspace's setting.
 */
export function unverifiedClientRecord(fields: UnverifiedClientFields): OAuthAppRecord {
  return {
    workspaceId: '',
    ownerId: '',
    description: '',
    redirectUri: fields.redirectUris[0] ?? '',
    secretSealed: null,
    hasLogo: false,
    termsVersion: '',
    published: true,
    disabledAt: null,
    deletedAt: null,
    ...fields,
  };
}
