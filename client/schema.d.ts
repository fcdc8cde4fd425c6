// Generated from the OpenAPI document by `npm run client:generate` (openapi-typescript). Do not edit.
export interface paths {
    "/boards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Boards the token can read: the workspace's own, shared with the person, and in spaces shared with them. */
        get: operations["listBoards"];
        put?: never;
        /** Create a board in a space (editor and above there), or in the default space when `spaceId` is omitted. The board document exists at once. */
        post: operations["createBoard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a board. A board in trash is visible to whoever may restore it. */
        get: operations["getBoard"];
        put?: never;
        post?: never;
        /** Trash or delete (admin and above): on pro and business the board goes to trash for 30 days; on basic it is deleted for good. */
        delete: operations["deleteBoard"];
        options?: never;
        head?: never;
        /** Rename, describe or lock (admin and above), reorder or move to another space (editor and above). */
        patch: operations["updateBoard"];
        trace?: never;
    };
    "/boards/{boardId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Activity feed of the board, newest first: a row for every change made through the API. */
        get: operations["listBoardActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/ai/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answers from the board's own content (the text the outline shows) and cites the items used.
         * @description Readers may ask. Only the text the outline shows is sent to the provider, delimited as untrusted data. Costs 1 credit and 1 assistant message (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 `payment_required` naming the allowance, and nothing is called. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back.
         */
        post: operations["aiAsk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/ai/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turns a prompt into one or more items on the board.
         * @description Editors and above. The plan is validated whole against the item catalogue, placed in free space near `position` without overlapping anything, and written as one transaction (one update, one broadcast, one activity row "via AI"). `Prefer: respond-async` runs it as a job (202). Costs 5 credits (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 `payment_required` naming the allowance, and nothing is called. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back. A job runs on whatever its caller does.
         */
        post: operations["aiGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/ai/modify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rewrites one item in place from an instruction.
         * @description Editors and above. Rewrites the item's text fields in one transaction; a locked item answers 423 `item_locked` before any credit is spent. The builtin provider shortens or summarises, makes bullet lists and changes case; anything else (translation included) is 422 `ai_instruction_unsupported`. `Prefer: respond-async` runs it as a job (202). Costs 2 credits (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 `payment_required` naming the allowance, and nothing is called. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back. A job runs on whatever its caller does.
         */
        post: operations["aiModify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/ai/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The planner's proposal for a prompt, without building it.
         * @description Editors and above. Answers the items it would create as complete, validated create operations placed in free space near `position`; nothing is written. With `skillId` (a skill of the curated library or of the caller's workspace, else 404) it plans as applying that skill would: the preview of POST /boards/{boardId}/skills/{skillId}/apply, which plans again when it runs (a language model may word it differently; the builtin provider answers the same). Costs 1 credit (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 `payment_required` naming the allowance, and nothing is called. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back.
         */
        post: operations["aiPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/ai/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Feedback on the board's content, scored per aspect and overall.
         * @description Readers may review. Scores structure, clarity, completeness and connectedness (0 to 100) with feedback and the items concerned; overall is their mean. Costs 3 credits (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 `payment_required` naming the allowance, and nothing is called. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back.
         */
        post: operations["aiReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image (PNG, JPEG, WebP or GIF, at most 10 MiB) to the board; an image item then shows it with `data.assetId`.
         * @description The body is the image bytes, with `Content-Type` naming its type; the type is checked against the bytes (another type, an empty body or no image is 422 `invalid_image`). SVG is refused: it can carry scripts. Width and height are read from the image. Editors and above (admins and owners on a locked board); a board holds at most 500 images and 250 MiB of them (409 `asset_quota_exceeded`). Answers once the image is durably stored.
         */
        post: operations["uploadAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/assets/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The image bytes, for anyone who can read the board; a public-link guest sends the link token (`bds_pl_…`) as the bearer token here.
         * @description Sent with its own type, a strong `ETag` (a request with `If-None-Match` and that tag answers 304) and `Cache-Control: private, max-age=86400, immutable`: the bytes behind an address never change. The answer may not run anything (`Content-Security-Policy: default-src 'none'; sandbox`, `X-Content-Type-Options: nosniff`).
         */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/assets/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy an image of another board to this one, under the same asset id, so image items copied from there show it here.
         * @description For pasting image items across boards: the caller must be able to edit this board (as for an upload: editors and above, admins and owners on a locked board, 409 `trashed` in trash) and to read the source board (404 when they cannot, or it has no such image). Needs `boards:write` and `boards:read` (403 `insufficient_scope`, `error.requiredScope`). The image is checked and counted as an upload is (409 `asset_quota_exceeded`). 201 with the new asset; 200 with the board's own when it has the image already (a retry, or an earlier copy), so retrying is safe with or without `Idempotency-Key`.
         */
        post: operations["copyAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Team chat, oldest first within a page.
         * @description Viewers and above. The first page holds the `limit` most recent messages, oldest first. `nextCursor` goes further back in time: it returns the messages just before the oldest one on this page (again oldest first), and is null once the start of the chat is reached. To show a chat, render the first page, and prepend each next page above it.
         */
        get: operations["listChatMessages"];
        put?: never;
        /**
         * Posts as the token's owner.
         * @description Commenters and above. `text` is trimmed and must then hold 1 to 4000 characters. The post is also recorded in the board's activity feed as `chat.posted`.
         */
        post: operations["postChatMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A copy titled `Copy_` + the original title, in the same space, with the whole board document.
         * @description The caller owns the copy. Images and embeds are referenced by URL in item data, so the copy refers to the same assets.
         */
        post: operations["duplicateBoard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Imports up to 5000 items: validated whole, then applied by a job in chunks of up to 1,000 items and 256 KiB of items.
         * @description Editors and above. Every item is validated first, against the board as it is, by the checks of POST /boards/{boardId}/items:batch: one bad item is 422 naming `items[k].<field>` and nothing is stored; an import the board's item cap (GET /me/limits) cannot hold is 402 and nothing is stored. Then 202 with a job (`Location`: GET /boards/{boardId}/imports/{jobId}) that creates the items in order, in chunks of up to 1,000 items and 256 KiB of items (the cap of 100 operations is a batch's; an import is validated whole first): each chunk is one transaction, one update, one broadcast to connected clients and one activity row, as a batch, and is durably stored before `result.applied` counts it, so live clients see the items chunk by chunk. If the server stops or crashes during the import, the job resumes by itself when it starts again, after its last chunk that landed (read from the board itself): no chunk is applied twice, and `result.itemIds` keeps the ids each item was given. One that cannot resume ends `failed` with error `interrupted` and `result.applied`; the rest is `items.slice(applied)`. The body may be up to 4 MiB (413 `payload_too_large` beyond). Send `Idempotency-Key` to retry safely: the same key answers with the same job.
         */
        post: operations["importItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/imports/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An import job: its status and progress (`result.applied` of `result.total`, the created ids).
         * @description Only the person who started the import sees it (404 for anyone else).
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/imports/{jobId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an import: it stops between two chunks and keeps the items that landed.
         * @description Only the person who started the import may cancel it (404 for anyone else), with `boards:write` (POST /jobs/{jobId}/cancel does the same with `ai:write`). A queued import never runs; a running one stops before its next chunk (a chunk is one transaction: never half-applied) and is never resumed. It ends `canceled` (error `cancelled`), `result.applied` and `result.itemIds` naming the items that landed. 202 with the job as GET shows it (still `running` while another process hears the cancel); 200 when it had already ended cancelled; 409 `job_finished` for an import that already ended otherwise, left as it is; 409 `trashed` on a board in trash (cancel it there through POST /jobs/{jobId}/cancel).
         */
        post: operations["cancelImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open invitations of the board, most recently sent first (admin and above).
         * @description An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people without access 404. Expired invitations are not listed.
         */
        get: operations["listBoardInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/invitations/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an open invitation to the board: the address gets no access at sign-in (admin and above).
         * @description An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people without access 404. 404 when the address has no open invitation (revoked already, accepted or expired).
         */
        delete: operations["revokeBoardInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/invitations/{email}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email an open invitation to the board again, in the caller's name; renews its 30 days (admin and above).
         * @description An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people without access 404. At most one email a minute per invitation: sooner answers 429 `rate_limited` with `error.retryAfterSeconds`. 404 when the address has no open invitation.
         */
        post: operations["resendBoardInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every item in z-order (back to front), flat; sections contain items by position, reported as `sectionId`. */
        get: operations["listItems"];
        put?: never;
        /**
         * Create an item of any creatable type; `data` is validated against the type (GET /item-types/{type}).
         * @description Editors and above create any type; commenters create `comment` pins. Answers once the change is durably stored.
         */
        post: operations["createItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/items:batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create, move, resize or delete up to 100 items, validated together, then drawn as one action.
         * @description Nothing is applied unless every operation is valid. The batch lands as one Yjs update: one broadcast to connected clients and one activity row. A `move` or `resize` of a connector is invalid (422 naming `operations[i].position` / `operations[i].size`): its geometry follows the items it joins. An operation that moves, resizes or deletes a locked item refuses the whole batch with 423 `item_locked` (`error.itemId` names the item, `error.field` the operation); nothing is applied. The exception is a section carrying its contents: a locked item moved by the same offset as a section that held its centre and that the same batch moves (not resizes) is accepted (docs/document.md, "Locked items").
         */
        post: operations["batchItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Geometry, placement, and data decoded per the type. */
        get: operations["getItem"];
        put?: never;
        post?: never;
        /**
         * Delete an item (connectors attached to it go with it). Deleting a comment pin resolves the comment.
         * @description A locked item answers 423 `item_locked`: unlock it first. Connectors attached to the deleted item go with it, locked or not.
         */
        delete: operations["deleteItem"];
        options?: never;
        head?: never;
        /**
         * Move (`position`), resize (`size`), rotate, replace data (merged field by field; null removes), or reply to / resolve a comment.
         * @description Comments: anyone who may comment (commenter and above) may `reply`, resolve (`resolved`) any thread, and change the text of their own pin (`data.text`) or move it (`position`); only a reply's author may `editReply` or `removeReply` it, and only a pin's author may change its text, whatever their role (else 403 `forbidden`). Moving, resizing or rotating someone else's pin needs editor. `position` and `size` move and resize any item except a connector: both of a connector's ends are attached to items and its geometry follows them, so `position`, `size` or `rotation` on a connector answers 422 naming that field (move an end, or give the connector new ends in `data`). Lock: `{"locked": true}` locks the item (editor and above); a locked item answers 423 `item_locked` (naming it in `error.itemId`) to every other change but a comment's replies and resolving, until `{"locked": false}` unlocks it, which may come with other changes in the same request.
         */
        patch: operations["patchItem"];
        trace?: never;
    };
    "/boards/{boardId}/items/{itemId}/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The AI assistant rebuilds the item's content as the target type and deletes the source unless `keepSource`.
         * @description Editors and above. Only types in the source type's `convertsTo`. Only content moves: the source type's `contentFields` (text, titles, list entries, urls); its style (colours, alignment, shape kind, font size) stays behind and the new item gets its own type's defaults. The new item and the deletion of the source land in one transaction. A locked source answers 423 `item_locked` (before any credit is spent) unless `keepSource`. `Prefer: respond-async` runs it as a job (202). Costs 2 credits (GET /me/credits); the credits are reserved before the provider is called and given back when the operation fails. Out of credits: 402 `payment_required` naming the allowance, and nothing is called. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back. A job runs on whatever its caller does.
         */
        post: operations["convertItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/items/{itemId}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The item's whole content as numbered lines, paged by line. */
        get: operations["getItemText"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Effective members: the owner, people the space is shared with (`inheritedFrom` names the space), and people the board was shared with. */
        get: operations["listBoardMembers"];
        put?: never;
        /**
         * Share the board with a person by email (admin and above); adds them or updates their role. The person is notified when added.
         * @description An extension of the Members group: share one board without sharing its space. An address without an account gets an invitation by email (`status: invited`), accepted at its first sign-in. People with the board through its space keep that role; the effective role is the highest. Open invitations count against the plan's `membersPerSpace` (402).
         */
        post: operations["shareBoard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/members/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop sharing the board with a person directly, or withdraw an invitation (admin and above; people may remove themselves).
         * @description An extension of the Members group: share one board without sharing its space. An address without an account gets an invitation by email (`status: invited`), accepted at its first sign-in. People with the board through its space keep that role; the effective role is the highest.
         */
        delete: operations["removeBoardMember"];
        options?: never;
        head?: never;
        /**
         * Change the role of a person the board is shared with directly, or of an open invitation (admin and above).
         * @description An extension of the Members group: share one board without sharing its space. An address without an account gets an invitation by email (`status: invited`), accepted at its first sign-in. People with the board through its space keep that role; the effective role is the highest. A role that comes from the space is changed on the space (404 here).
         */
        patch: operations["updateBoardMember"];
        trace?: never;
    };
    "/boards/{boardId}/outline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The board as text: sections with items in reading order, standalone items, and connections between items.
         * @description Each item is a line `- <type> [<id>] <text>`, each section `Section: <title> [<id>]`; a locked item or section has `(locked)` after its id (it refuses changes with 423 `item_locked` until it is unlocked).
         */
        get: operations["getBoardOutline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who has the board open now, from live connections and their server-side identity. */
        get: operations["getBoardPresence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/public-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The board's public link. */
        get: operations["getBoardPublicLink"];
        /** Enable, configure (role, expiry, new token) or disable the public link. Admin and above. */
        put: operations["putBoardPublicLink"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a board from trash (admin and above; pro and business only). If its space is gone or in trash it returns to `default`.
         * @description On basic this answers 402 `payment_required` (`limit: trashAndRestore`), also for a board that went to trash with its space: restoring the space (`POST /spaces/{spaceId}/restore`) brings such boards back on every plan.
         */
        post: operations["restoreBoard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/skills/{skillId}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generation with the skill's instructions appended to the prompt and the output type forced.
         * @description Needs `ai:write` and edit rights on the board (editors and above; an unlocked board, or admin). The skill is one of the curated library or of the caller's workspace (else 404). The result is placed in free space near `position` and written as one transaction (one update, one broadcast, one activity row `skill.applied`). `Prefer: respond-async` runs it as a job (202). Costs 5 credits (GET /me/credits), reserved before the provider is called and given back when it fails; out of credits: 402 `payment_required`. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back. A job runs on whatever its caller does.
         */
        post: operations["applySkill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/{boardId}/structure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The machine view behind the outline: sections (nested) with their items, standalone items, connections. */
        get: operations["getBoardStructure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/boards/recent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ten most recently updated boards across everything the token can see. */
        get: operations["listRecentBoards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/item-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Catalogue of every item type. */
        get: operations["listItemTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/item-types/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One type: the JSON schema of its data, an example create body, and the types it converts to. */
        get: operations["getItemType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/item-types/{type}:validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Runs the validation a create would: 200 with the normalised item, or 422 naming the wrong field.
         * @description The body is a create-item body; `type` may be omitted (the path names it) and must match the path when given.
         */
        post: operations["validateItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a job.
         * @description Only the person who started the job sees it (404 for anyone else).
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{jobId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a job.
         * @description Only the person who started the job may cancel it (404 for anyone else). A queued job never runs; a running one stops at its next step (an import between two chunks, never within one; AI work aborts the provider call and writes nothing, its credits refunded). The job ends `canceled` with error code `cancelled`, its `result` saying what it had done (an import: `applied` and `itemIds` so far). Answers 202 with the job as GET shows it: already ended, or still `running` while the process that runs it hears the cancel (poll GET /jobs/{jobId}); 200 when it had already ended cancelled (cancelling twice changes nothing). A job that already succeeded or failed otherwise answers 409 `job_finished` and is left as it is.
         */
        post: operations["cancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person behind the token, their workspace, and its plan. */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your own name (shown to the people you share with); after it, `nameChosen` is true.
         * @description An extension of SPEC "Me". The email address is the sign-in identity and cannot be changed here.
         */
        patch: operations["updateMe"];
        trace?: never;
    };
    "/me/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AI credit wallet and AI assistant message quota of the workspace; both reset monthly. */
        get: operations["getMyCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the workspace's plan allows; null means no limit. */
        get: operations["getMyLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the workspace receives notification emails, and for which events. */
        get: operations["getNotificationSettings"];
        /** Replace the workspace's notification settings (workspace owners and admins). */
        put: operations["putNotificationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notification stream, newest first: comments and updates on boards shared with the person. */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notifications/{notificationId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a notification read (idempotent). */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/oauth-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether people of the workspace may connect MCP clients (apps that register themselves). */
        get: operations["getOAuthSettings"];
        /** Replace the workspace's OAuth settings (workspace owners and admins). */
        put: operations["putOAuthSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Third-party connectors the AI assistant can read from, and which this person has connected. */
        get: operations["listMySources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Two searches in one: boards by title and items by text.
         * @description Only active boards the caller can read, and their items. A hit contains every word of `q` as a whole word (no prefixes, no stemming), ignoring case and diacritics; punctuation and quotes separate words and operator words (`AND`, `OR`, `NOT`) are plain words; only the first 16 words count. Each kind is ordered by relevance. `limit` applies to each kind; `nextCursor` continues whichever kinds have more (a kind that has run out comes back empty). New edits show up within about a second.
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List skills. Parameter `scope`; `public` is the default and is the curated library.
         * @description In name order (any case), cursor-paginated; `q` keeps skills whose name contains it or with a tag starting with it.
         */
        get: operations["listSkills"];
        put?: never;
        /**
         * Create a skill (the two paid plans above basic only).
         * @description The skill belongs to the caller's workspace: everyone in it can see and apply it. On basic: 402 `payment_required` (`error.limit` = `customSkills`); past the plan's cap: 402 with `error.limit` = `customSkillsPerWorkspace` (GET /me/limits). Nothing is stored on any error.
         */
        post: operations["createSkill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skills/{skillId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a skill.
         * @description Skills of the curated library and of the caller's workspace; any other is 404.
         */
        get: operations["getSkill"];
        put?: never;
        post?: never;
        /**
         * Delete a skill you made.
         * @description Workspace owners and admins may delete any skill of the workspace. A skill of the curated library is 403 `forbidden`; another person's skill is 404.
         */
        delete: operations["deleteSkill"];
        options?: never;
        head?: never;
        /**
         * Update a skill you made.
         * @description Workspace owners and admins may change any skill of the workspace. A skill of the curated library is 403 `forbidden`; another person's skill is 404.
         */
        patch: operations["updateSkill"];
        trace?: never;
    };
    "/skills/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Returns a draft (name, description, system prompt, placeholder, tags) for a description and an output type.
         * @description Nothing is stored: POST the draft to /skills to keep it. The builtin provider drafts from a template built on the description's own words. Costs 1 credit (GET /me/credits), reserved before the provider is called and given back when it fails; out of credits: 402 `payment_required`. A caller that closes the connection before the answer (a Cancel) stops the work: the provider call is aborted, nothing is written and the credits come back.
         */
        post: operations["draftSkill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every space the token can see, in dashboard order: the workspace's own, those shared with the person, then the built-in `default` and `trash`. */
        get: operations["listSpaces"];
        put?: never;
        /** Create a space in the workspace; 402 when the plan cap is reached (basic: one space). */
        post: operations["createSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a space (also `default` and `trash`). A space in trash is visible to whoever may restore it. */
        get: operations["getSpace"];
        put?: never;
        post?: never;
        /** Move the space and every board in it to trash for 30 days (owner). Restore brings back exactly those boards. */
        delete: operations["deleteSpace"];
        options?: never;
        head?: never;
        /** Rename or reorder a space (editor and above, so a shared admin or editor can rename). */
        patch: operations["updateSpace"];
        trace?: never;
    };
    "/spaces/{spaceId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open invitations of the space, most recently sent first (admin and above).
         * @description An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people without access 404. Expired invitations are not listed.
         */
        get: operations["listSpaceInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/invitations/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an open invitation to the space: the address gets no access at sign-in (admin and above).
         * @description An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people without access 404. 404 when the address has no open invitation (revoked already, accepted or expired).
         */
        delete: operations["revokeSpaceInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/invitations/{email}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email an open invitation to the space again, in the caller's name; renews its 30 days (admin and above).
         * @description An extension of SPEC: sharing with an address that has no account stores an invitation (`status: invited`), accepted at its first sign-in. Invitations are seen, resent and revoked by those who may share (admin and above); others get 403, people without access 404. At most one email a minute per invitation: sooner answers 429 `rate_limited` with `error.retryAfterSeconds`. 404 when the address has no open invitation.
         */
        post: operations["resendSpaceInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The owner and the people the space is shared with. */
        get: operations["listSpaceMembers"];
        put?: never;
        /**
         * Share the space with a person by email (admin and above); adds them or updates their role. The person is notified when added.
         * @description An address without an account gets an invitation by email instead (`status: invited`), accepted at its first sign-in (an extension of the Members group); open invitations count against the plan's `membersPerSpace`.
         */
        post: operations["shareSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/members/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (admin and above; members may remove themselves). */
        delete: operations["removeSpaceMember"];
        options?: never;
        head?: never;
        /** Change a member's role, or an open invitation's (admin and above). */
        patch: operations["updateSpaceMember"];
        trace?: never;
    };
    "/spaces/{spaceId}/public-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The space's public link, which opens every board in it. */
        get: operations["getSpacePublicLink"];
        /** Enable, configure (role, expiry, new token) or disable the public link (admin and above). */
        put: operations["putSpacePublicLink"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/spaces/{spaceId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a space from trash with exactly the boards that went with it (owner).
         * @description On every plan, basic included: the boards that went with the space come back with it, although basic cannot restore a board one by one. Answers 402 `payment_required` when the plan's active-space cap is reached.
         */
        post: operations["restoreSpace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's webhooks in the workspace, in a stable order (by id). */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to events; the answer holds the signing secret, shown only here and on rotation.
         * @description The webhook belongs to the caller and receives the events of every board they can read: their workspace's boards and boards shared with them from other workspaces, directly or through a space. The right is checked when the event happens and again before each delivery: nothing is delivered for a board they could not read when the event happened, and a delivery still queued when they lose access is dropped (`status: skipped`). Events without a board go to the webhooks of the workspace they happened in. `https` only; URLs with credentials or resolving to private, loopback or link-local addresses are refused. The plan caps webhooks per workspace (`GET /me/limits`).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook (404 for anyone but its owner). */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook with its deliveries log; pending deliveries are dropped. */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change the URL, events, filters or description, or disable and enable. */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries, newest first: event, attempts, last status code and duration, next retry, the start of the response. */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attempt a delivery again now, whatever its state, with a fresh retry schedule. */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a `webhook.ping` event now (also to a disabled webhook), to test the receiver. */
        post: operations["pingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (SPEC "Webhook secret rotation").
         * @description No body. The new secret signs the next delivery, including retries of deliveries signed with the old one, so update the receiver first. At most 5 rotations per webhook per minute (429 `rate_limited` with `Retry-After`).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events a webhook can subscribe to.
         * @description Every delivery is a POST with the JSON `{id, type, createdAt, workspaceId, boardId?, data}`, `data` in the shape of the REST resource, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
         */
        get: operations["listWebhookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description One change to a board, for its activity feed. */
        Activity: {
            /** @description `<subject>.<verb>`, e.g. `board.renamed`, `board.moved`, `item.created`. */
            action: string;
            /** @description Null for changes made by the system. */
            actor: components["schemas"]["Person"] | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            createdAt: string;
            data: {
                [key: string]: string | number | boolean | null;
            };
            id: string;
            itemId: string | null;
        };
        /** @description A page of Activity resources. */
        ActivityPage: {
            data: components["schemas"]["Activity"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description An image uploaded to a board. */
        Asset: {
            boardId: string;
            /** @description Size in bytes. */
            bytes: number;
            /**
             * @description As read from the bytes.
             * @enum {string}
             */
            contentType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            /** @description ISO 8601 time of the upload. */
            createdAt: string;
            /** @description Pixels, read from the image. */
            height: number;
            /** @description The asset id (`ast_…`): an image item shows it with `data.assetId`. */
            id: string;
            /** @description Pixels, read from the image. */
            width: number;
        };
        /** @description An image of another board to copy to this one. */
        AssetCopyRequest: {
            /** @description The image on that board (what its image items reference as `data.assetId`). */
            assetId: string;
            /** @description The board the image is on now; the caller must be able to read it. */
            sourceBoardId: string;
        };
        BatchCreateOperation: {
            /** @description The type's fields; a connector's `from`/`to` may name a `ref`. */
            data?: {
                [key: string]: unknown;
            };
            /** @description `true` creates the item locked (editor and above); the lock holds once the batch is applied (later operations of the same batch may still move, resize or delete it). Default `false`. */
            locked?: boolean;
            /** @constant */
            op: "create";
            /** @description Centre of the item, in board units. */
            position: {
                x: number;
                y: number;
            };
            /** @description A name (1 to 64 letters, digits, _ or -) later operations and connectors may use for the new item. */
            ref?: string;
            /** @description Degrees clockwise. */
            rotation?: number;
            /** @description Width and height, in board units. */
            size?: {
                height: number;
                width: number;
            };
            /** @description An item type; see GET /item-types. */
            type: string;
        };
        BatchDeleteOperation: {
            /** @description An item id, or the `ref` of an earlier create in the same batch. */
            id: string;
            /** @constant */
            op: "delete";
        };
        BatchMoveOperation: {
            /** @description An item id, or the `ref` of an earlier create in the same batch. */
            id: string;
            /** @constant */
            op: "move";
            /** @description Centre of the item, in board units. */
            position: {
                x: number;
                y: number;
            };
        };
        BatchRequest: {
            /** @description Up to 100 operations, applied in order as one change: all of them or none. */
            operations: (components["schemas"]["BatchCreateOperation"] | components["schemas"]["BatchMoveOperation"] | components["schemas"]["BatchResizeOperation"] | components["schemas"]["BatchDeleteOperation"])[];
        };
        BatchResizeOperation: {
            /** @description An item id, or the `ref` of an earlier create in the same batch. */
            id: string;
            /** @constant */
            op: "resize";
            /** @description Centre of the item, in board units. */
            position?: {
                x: number;
                y: number;
            };
            /** @description Width and height, in board units. */
            size: {
                height: number;
                width: number;
            };
        };
        /** @description The outcome of a batch, one entry per operation in order. */
        BatchResult: {
            results: {
                comment?: components["schemas"]["Item"] | null;
                deletedIds?: string[];
                id: string;
                item?: components["schemas"]["Item"] | null;
                /** @enum {string} */
                op: "create" | "move" | "resize" | "delete";
                /** @enum {string} */
                outcome?: "deleted" | "resolved";
                ref?: string | null;
            }[];
        };
        /** @description A board, with the caller's role and its links. */
        Board: {
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            createdAt: string;
            description: string;
            id: string;
            links: {
                /** @description Absolute URL. */
                activity: string;
                /** @description Absolute URL. */
                items: string;
                /** @description Absolute URL. */
                members: string;
                /** @description Absolute URL. */
                publicLink: string;
                /** @description Absolute URL. */
                self: string;
                /** @description The y-websocket endpoint (`serverUrl` is this without the board id). */
                sync: string;
            };
            /** @description A locked board can be changed by admins and owners only. */
            locked: boolean;
            owner: components["schemas"]["Person"] | null;
            /** @description Manual order within the space, ascending. */
            position: number;
            /** @description When a board in trash is deleted for good. */
            purgeAt: string | null;
            /**
             * @description The caller's effective role on the board.
             * @enum {string}
             */
            role: "viewer" | "commenter" | "editor" | "admin" | "owner";
            /** @description The space holding the board; null for the built-in `default` space. */
            spaceId: string | null;
            title: string;
            trashedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            updatedAt: string;
            updatedBy: components["schemas"]["Person"] | null;
            workspaceId: string;
        };
        /** @description A page of Board resources. */
        BoardPage: {
            data: components["schemas"]["Board"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description A message of a board's chat. */
        ChatMessage: {
            /** @description The person who posted it (their current name). */
            author: {
                id: string;
                name: string;
            };
            boardId: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            createdAt: string;
            id: string;
            text: string;
        };
        /** @description A page of ChatMessage resources. */
        ChatMessagePage: {
            data: components["schemas"]["ChatMessage"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description What went wrong: a stable code, a message for people, and the page documenting the code. */
        Error: {
            /** @enum {string} */
            code: "bad_request" | "unauthorized" | "insufficient_scope" | "forbidden" | "payment_required" | "not_found" | "method_not_allowed" | "conflict" | "gone" | "item_locked" | "trashed" | "request_timeout" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "invalid_image" | "asset_quota_exceeded" | "rate_limited" | "headers_too_large" | "internal_error" | "not_implemented" | "service_unavailable" | "ai_unavailable" | "ai_output_invalid" | "ai_instruction_unsupported" | "invalid_idempotency_key" | "idempotency_key_reused" | "idempotency_key_in_use" | "cancelled" | "job_finished" | "idempotency_key_in_doubt";
            /** Format: uri */
            docsUrl: string;
            /** @description For validation_failed: the first wrong field. */
            field?: string;
            issues?: {
                field?: string;
                message?: string;
            }[];
            message: string;
        };
        /** @description Every error answer: the error and the id of the request (also in the `Request-Id` header). */
        ErrorEnvelope: {
            error: components["schemas"]["Error"];
            requestId: string;
        };
        ImportJob: {
            boardId: string;
            /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
            cancelRequested: boolean;
            createdAt: string;
            /** @description Why the import stopped: an API error code (`validation_failed` when the board changed under a chunk so that it no longer fits), or `interrupted` when the server stopped and the import could not resume (accepted more than 24 hours before the restart, or its starter left the workspace); the message says how many items were imported, as `result.applied` does, so a retry sends `items` from that index. */
            error: {
                code: string;
                message: string;
            } | null;
            finishedAt: string | null;
            id: string;
            /** @description `items.import`. */
            kind: string;
            progress: number;
            result: components["schemas"]["ImportProgress"];
            startedAt: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
        };
        ImportProgress: {
            /** @description Items stored so far: whole chunks (up to 1,000 items and 256 KiB of items each), each durable before it is counted. */
            applied: number;
            /** @description The ids of the items created so far, in the order of `items`. */
            itemIds: string[];
            /** @description Items in the import. */
            total: number;
        };
        ImportRequest: {
            /** @description 1 to 5000 items, each as the body of POST /boards/{boardId}/items; created in this order. */
            items: {
                data?: {
                    [key: string]: unknown;
                };
                /** @description `true` creates the item locked (editor and above; see PATCH for what a lock refuses); default `false`. */
                locked?: boolean;
                position: {
                    /** @description Board units; the centre of the item. */
                    x: number;
                    /** @description Board units; the centre of the item. */
                    y: number;
                };
                /** @description Degrees clockwise; normalized to [0, 360). */
                rotation?: number;
                size?: {
                    /** @description Board units. */
                    height: number;
                    /** @description Board units. */
                    width: number;
                };
                type: string;
            }[];
        };
        /** @description An open invitation by email to an address without an account, accepted at its first sign-in. */
        Invitation: {
            /**
             * Format: date-time
             * @description When the address was first invited.
             */
            createdAt: string;
            /** @description The invited address (lower case); no account has it yet. */
            email: string;
            /**
             * Format: date-time
             * @description The invitation lapses at this time (30 days after the last email).
             */
            expiresAt: string;
            /** @description Who invited (or last resent); membership is granted in their name. Null when that account is gone. */
            invitedBy: components["schemas"]["Person"] | null;
            resourceId: string;
            /** @enum {string} */
            resourceType: "space" | "board";
            /**
             * @description The role the person gets at their first sign-in.
             * @enum {string}
             */
            role: "admin" | "editor" | "commenter" | "viewer";
            /**
             * Format: date-time
             * @description When the invitation email last went out.
             */
            sentAt: string;
        };
        /** @description A page of Invitation resources. */
        InvitationPage: {
            data: components["schemas"]["Invitation"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description An item on a board: geometry, z order, derived section, and its type's data. */
        Item: {
            createdAt: string;
            createdBy: string;
            /** @description Type-specific fields; see GET /item-types/{type}. */
            data: {
                [key: string]: unknown;
            };
            id: string;
            /** @description A locked item refuses moves, resizes, edits and deletes (423 `item_locked`) until it is unlocked with PATCH `{"locked": false}`; comments on it still work. */
            locked: boolean;
            /** @description Centre of the item, in board units. */
            position: {
                x: number;
                y: number;
            };
            /** @description Degrees, in [0, 360). */
            rotation: number;
            /** @description The top-most section containing the item's centre; derived, never stored. */
            sectionId: string | null;
            size: {
                height: number;
                width: number;
            };
            type: string;
            updatedAt: string;
            updatedBy: string;
            /** @description Fractional index: items sort by it, back to front. */
            z: string;
        };
        /** @description A page of Item resources. */
        ItemPage: {
            data: components["schemas"]["Item"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description An item type of the catalogue. */
        ItemType: {
            /** @description Data fields that hold what the item says (text, titles, list entries, urls). Converting an item carries only these into the new item; every other field is style (colours, alignment, shape kind, font size) and never moves. */
            contentFields: string[];
            convertsTo: string[];
            /** @description JSON Schema (2020-12) that item data is validated against. */
            dataSchema: {
                [key: string]: unknown;
            };
            defaultSize: {
                height: number;
                width: number;
            };
            description: string;
            /** @description A complete create-item body that POST /boards/{boardId}/items accepts as it is. */
            example: {
                [key: string]: unknown;
            };
            maxSize: {
                height: number;
                width: number;
            };
            minSize: {
                height: number;
                width: number;
            };
            textFields: string[];
            title: string;
            type: string;
        };
        /** @description Someone who may open the board or space, and where their role comes from. */
        Member: {
            /** @description Id of the person who shared. */
            addedBy: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            createdAt: string;
            /** @description The `{email}` path segment of the member operations (URL-encode it). */
            email: string;
            /** @description The space the role is inherited from; null for the owner and direct board members. */
            inheritedFrom: {
                name: string;
                spaceId: string;
            } | null;
            /**
             * @description Role: owner > admin > editor > commenter > viewer.
             * @enum {string}
             */
            role: "viewer" | "commenter" | "editor" | "admin" | "owner";
            /**
             * @description Where the role comes from.
             * @enum {string}
             */
            source: "owner" | "space" | "board";
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            updatedAt: string;
            user: components["schemas"]["Person"];
        };
        /** @description A page of Member resources. */
        MemberPage: {
            data: components["schemas"]["Member"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description A notification for the caller. */
        Notification: {
            actor: {
                id: string;
                name: string;
            } | null;
            boardId: string | null;
            body: string;
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            createdAt: string;
            id: string;
            itemId: string | null;
            /** @enum {string} */
            kind: "comment" | "reply" | "share" | "board_update" | "mention" | "webhook_disabled";
            read: boolean;
            readAt: string | null;
            title: string;
        };
        /** @description A person, as lists name them. */
        Person: {
            email: string;
            id: string;
            name: string;
        };
        /** @description A public link to a board or space. */
        PublicLink: {
            createdAt: string | null;
            createdBy: string | null;
            enabled: boolean;
            expiresAt: string | null;
            resourceId: string;
            /** @enum {string} */
            resourceType: "space" | "board";
            /**
             * @description What the link allows: viewer, commenter or editor.
             * @enum {string}
             */
            role: "viewer" | "commenter" | "editor";
            /** @description The link token (`bds_pl_…`): a bearer credential for the linked board(s) without an account, e.g. the `token` query parameter of the sync socket. Null when there is no link or your own role is below the link’s. */
            token: string | null;
            updatedAt: string | null;
            /** @description The address that opens the board in this service's web app with the link's rights, `<publicUrl>/boards/{boardId}#link=<token>` (the token rides in the fragment, which browsers never send to a server). Null when the link is disabled or `token` is null, and for a space's link: its token opens each board of the space at that address with the board's id. A link token opens live sync and the web app only; the REST API answers it 401. */
            url: string | null;
        };
        /** @description A reusable AI instruction with a forced output type. */
        Skill: {
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            createdAt: string;
            /** @description The person who made it; null for the curated library. */
            createdBy: string | null;
            description: string;
            /** @description `skl_pub_<name>` for the curated library, `skl_<random>` for custom skills. */
            id: string;
            /** @description The system prompt appended to the generator's prompt when the skill is applied. */
            instructions: string;
            name: string;
            /**
             * @description The output type the generator is forced to build when the skill is applied: `sticky_note`, `card`, `text`, `shape`, `section`, `table`, `doc`, `mind_map` or `kanban`.
             * @enum {string}
             */
            outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
            /** @description The prompt hint shown to a person. */
            placeholder: string;
            /**
             * @description `public`: the curated library; `workspace`: made by someone else in the caller's workspace; `mine`: made by the caller.
             * @enum {string}
             */
            scope: "public" | "workspace" | "mine";
            tags: string[];
            /**
             * Format: date-time
             * @description ISO 8601 timestamp (UTC).
             */
            updatedAt: string;
        };
        /** @description A page of Skill resources. */
        SkillPage: {
            data: components["schemas"]["Skill"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description A space: a folder of boards whose members are members of its boards. */
        Space: {
            /** @description Active boards in the space; for `trash`, boards in trash the caller may restore one by one (admin and above, on the paid plans). Boards that went to trash with a space on basic are not counted: they come back with their space. */
            boardCount: number;
            createdAt: string | null;
            /** @description Space id; `default` and `trash` for the built-in spaces. */
            id: string;
            /** @enum {string} */
            kind: "space" | "default" | "trash";
            links: {
                /** @description Absolute URL. */
                boards: string;
                members: string | null;
                publicLink: string | null;
                /** @description Absolute URL. */
                self: string;
            };
            /** @description The name given to the space; for the built-ins it is their id, `default` and `trash` (SPEC). Apps show their own label for a built-in space by its `kind`. */
            name: string;
            /** @description The creator; null for built-ins. */
            owner: components["schemas"]["Person"] | null;
            /** @description Dashboard order within the workspace, ascending; null for built-ins. */
            position: number | null;
            /** @description When a space in trash is deleted for good. */
            purgeAt: string | null;
            /** @description The caller's role; null for built-ins. */
            role: ("viewer" | "commenter" | "editor" | "admin" | "owner") | null;
            /** @description True when the space belongs to another workspace than the caller's. */
            shared: boolean;
            /** @description For `trash`: spaces in trash the caller may restore; 0 otherwise. */
            spaceCount: number;
            trashedAt: string | null;
            updatedAt: string | null;
            workspaceId: string | null;
        };
        /** @description A page of Space resources. */
        SpacePage: {
            data: components["schemas"]["Space"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listBoards: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
                /** @description `updated` (default, newest first), `created`, `title` or `position`. */
                sort?: "position" | "updated" | "created" | "title";
                /** @description Only boards in this space; `default` or `trash` for the built-ins. */
                spaceId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BoardPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createBoard: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Sprint planning",
                 *       "description": "Goals and risks for the next sprint.",
                 *       "spaceId": "default"
                 *     }
                 */
                "application/json": {
                    description?: string;
                    /** @description Manual order, ascending (any finite number; put a board between two others with their mean). */
                    position?: number;
                    /** @description A space id or `default` (the default when omitted). */
                    spaceId?: string;
                    /** @description Default "Untitled board". */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Board"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBoard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Board"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteBoard: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /**
                         * @description `deleted`: gone for good with its document (basic plan).
                         * @enum {string}
                         */
                        outcome: "trashed" | "deleted";
                        purgeAt: string | null;
                        trashedAt: string | null;
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateBoard: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Sprint 12 planning",
                 *       "locked": false
                 *     }
                 */
                "application/json": {
                    /** @description Needs admin. */
                    description?: string;
                    /** @description Needs admin. */
                    locked?: boolean;
                    /** @description Needs editor. */
                    position?: number;
                    /** @description Move to this space (or `default`); needs editor on the board and the space. */
                    spaceId?: string;
                    /** @description Needs admin. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Board"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBoardActivity: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    aiAsk: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "question": "What are the open risks on this board?"
                 *     }
                 */
                "application/json": {
                    /** @description Up to 2000 characters. */
                    question: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answer: string;
                        /** @description Items the answer used, with a quote from each. */
                        citations: {
                            itemId: string;
                            quote: string;
                        }[];
                        model: string;
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    aiGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "prompt": "Launch plan: design review, beta, announcement",
                 *       "position": {
                 *         "x": 0,
                 *         "y": 400
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What to build: sticky notes in a grid (`sticky_note`), `card`s, `text`, `shape`s (numbered steps are chained), a `section` with notes, a `table`, a `doc`, a `mind_map` of connected shapes, or a `kanban` of sections with cards. Default `sticky_note`.
                     * @enum {string}
                     */
                    outputType?: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                    /** @description Where to put the new items: they go in the free space nearest this point (default 0,0) without overlapping anything, wholly inside the coordinate range of the board (±10,000,000). */
                    position?: {
                        x: number;
                        y: number;
                    };
                    /** @description Up to 4000 characters. Lines, lists, headings, numbered steps and "a, b and c" shape the result. */
                    prompt: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The items created, in one transaction. */
                        items: components["schemas"]["Item"][];
                        model: string;
                        /**
                         * @description What to build: sticky notes in a grid (`sticky_note`), `card`s, `text`, `shape`s (numbered steps are chained), a `section` with notes, a `table`, a `doc`, a `mind_map` of connected shapes, or a `kanban` of sections with cards. Default `sticky_note`.
                         * @enum {string}
                         */
                        outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        rationale: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description Sent `Prefer: respond-async`: the operation runs as a job; poll `Location` (GET /jobs/{jobId}) for its result. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The job: `/v1/jobs/{jobId}`. */
                    Location?: string;
                    /** @description `respond-async`. */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. `ai_instruction_unsupported`: The configured AI provider cannot carry out this instruction (see docs/ai.md for what the builtin provider does). */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    aiModify: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "itemId": "itm_0123456789",
                 *       "instruction": "shorter"
                 *     }
                 */
                "application/json": {
                    /** @description What to do to the text, e.g. "shorter", "as a bullet list", "title case". */
                    instruction: string;
                    itemId: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: components["schemas"]["Item"];
                        model: string;
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description Sent `Prefer: respond-async`: the operation runs as a job; poll `Location` (GET /jobs/{jobId}) for its result. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The job: `/v1/jobs/{jobId}`. */
                    Location?: string;
                    /** @description `respond-async`. */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. `ai_instruction_unsupported`: The configured AI provider cannot carry out this instruction (see docs/ai.md for what the builtin provider does). */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `item_locked`: The item is locked: it cannot be moved, resized, rotated, restyled, edited or deleted until someone with edit rights unlocks it (`PATCH {"locked": false}`). `error.itemId` names it; a batch holding such an operation is refused whole. */
            423: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    aiPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "prompt": "Launch plan: design review, beta, announcement",
                 *       "position": {
                 *         "x": 0,
                 *         "y": 400
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What to build: sticky notes in a grid (`sticky_note`), `card`s, `text`, `shape`s (numbered steps are chained), a `section` with notes, a `table`, a `doc`, a `mind_map` of connected shapes, or a `kanban` of sections with cards. Default `sticky_note`.
                     * @enum {string}
                     */
                    outputType?: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                    /** @description Where to put the new items: they go in the free space nearest this point (default 0,0) without overlapping anything, wholly inside the coordinate range of the board (±10,000,000). */
                    position?: {
                        x: number;
                        y: number;
                    };
                    /** @description Up to 4000 characters. Lines, lists, headings, numbered steps and "a, b and c" shape the result. */
                    prompt: string;
                    /** @description Plan as applying this skill would (its instructions appended, its output type forced): the preview of POST /boards/{boardId}/skills/{skillId}/apply. Not with `outputType`. */
                    skillId?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Complete create operations, placed and validated against the board; POST them to items:batch as they are to build the plan. */
                        items: {
                            data: {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            op: "create";
                            position: {
                                x: number;
                                y: number;
                            };
                            ref: string;
                            size: {
                                height: number;
                                width: number;
                            };
                            type: string;
                        }[];
                        model: string;
                        /**
                         * @description What to build: sticky notes in a grid (`sticky_note`), `card`s, `text`, `shape`s (numbered steps are chained), a `section` with notes, a `table`, a `doc`, a `mind_map` of connected shapes, or a `kanban` of sections with cards. Default `sticky_note`.
                         * @enum {string}
                         */
                        outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        rationale: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    aiReview: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "aspects": [
                 *         "clarity"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Aspects to score; default all: structure, clarity, completeness, connectedness. */
                    aspects?: ("structure" | "clarity" | "completeness" | "connectedness")[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        aspects: {
                            feedback: string;
                            itemIds: string[];
                            name: string;
                            score: number;
                        }[];
                        model: string;
                        overall: number;
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        /** @description The image bytes, as they are (no Content-Encoding). */
        requestBody: {
            content: {
                "image/gif": string;
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. `asset_quota_exceeded`: The board holds as many uploaded images (count or bytes) as it may; delete images from the board or use another board. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. `invalid_image`: The uploaded body is not an image of the type its `Content-Type` names (PNG, JPEG, WebP or GIF, recognised by its bytes; SVG is refused), or it is empty. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                assetId: string;
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    /** @description private, max-age=86400, immutable */
                    "Cache-Control"?: string;
                    /** @description inline, with a file name from the asset id. */
                    "Content-Disposition"?: string;
                    /** @description default-src 'none'; sandbox */
                    "Content-Security-Policy"?: string;
                    /** @description A strong tag of the bytes. */
                    ETag?: string;
                    /** @description nosniff */
                    "X-Content-Type-Options"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    copyAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sourceBoardId": "brd_3f0c9d1e2b7a4c5d6e8f",
                 *       "assetId": "ast_9a8b7c6d5e4f3a2b1c0d"
                 *     }
                 */
                "application/json": components["schemas"]["AssetCopyRequest"];
            };
        };
        responses: {
            /** @description The board had this image already (a retry, or an earlier copy): its asset, nothing stored. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. `asset_quota_exceeded`: The board holds as many uploaded images (count or bytes) as it may; delete images from the board or use another board. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. `invalid_image`: The uploaded body is not an image of the type its `Content-Type` names (PNG, JPEG, WebP or GIF, recognised by its bytes; SVG is refused), or it is empty. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listChatMessages: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatMessagePage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postChatMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "The retro board is ready for comments."
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 4000 characters after trimming. */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatMessage"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    duplicateBoard: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Board"];
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    importItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "type": "sticky_note",
                 *           "position": {
                 *             "x": 0,
                 *             "y": 0
                 *           },
                 *           "data": {
                 *             "text": "First",
                 *             "color": "#fff9b1"
                 *           }
                 *         },
                 *         {
                 *           "type": "text",
                 *           "position": {
                 *             "x": 300,
                 *             "y": 0
                 *           },
                 *           "data": {
                 *             "text": "Second"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ImportRequest"];
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description The cancel was taken: the import as it is now. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `job_finished`: The job already ended (succeeded, or failed for another reason than a cancel): it cannot be cancelled and nothing was changed. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBoardInvitations: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state (for example a duplicate). `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeBoardInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                /** @description The invited address, URL-encoded. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resendBoardInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                /** @description The invited address, URL-encoded. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listItems: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. A page starts right after the last item of the page before in z-order, whatever changed since: nothing is skipped or repeated for items that kept their place; an item brought to the front since comes again at the end, one sent behind that point is not seen again. */
                cursor?: string;
                /** @description Page size: 1 to 1000, default 200. */
                limit?: number;
            };
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "sticky_note",
                 *       "position": {
                 *         "x": 120,
                 *         "y": 80
                 *       },
                 *       "data": {
                 *         "text": "Ship the beta on Friday",
                 *         "color": "#fff9b1"
                 *       }
                 *     }
                 */
                "application/json": {
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description `true` creates the item locked (editor and above; see PATCH for what a lock refuses); default `false`. */
                    locked?: boolean;
                    position: {
                        /** @description Board units; the centre of the item. */
                        x: number;
                        /** @description Board units; the centre of the item. */
                        y: number;
                    };
                    /** @description Degrees clockwise; normalized to [0, 360). */
                    rotation?: number;
                    size?: {
                        /** @description Board units. */
                        height: number;
                        /** @description Board units. */
                        width: number;
                    };
                    type: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    batchItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operations": [
                 *         {
                 *           "op": "create",
                 *           "ref": "idea",
                 *           "type": "sticky_note",
                 *           "position": {
                 *             "x": 0,
                 *             "y": 0
                 *           },
                 *           "data": {
                 *             "text": "Idea",
                 *             "color": "#fff9b1"
                 *           }
                 *         },
                 *         {
                 *           "op": "create",
                 *           "ref": "plan",
                 *           "type": "sticky_note",
                 *           "position": {
                 *             "x": 400,
                 *             "y": 0
                 *           },
                 *           "data": {
                 *             "text": "Plan",
                 *             "color": "#d5f692"
                 *           }
                 *         },
                 *         {
                 *           "op": "create",
                 *           "type": "connector",
                 *           "position": {
                 *             "x": 200,
                 *             "y": 100
                 *           },
                 *           "data": {
                 *             "from": "idea",
                 *             "to": "plan"
                 *           }
                 *         },
                 *         {
                 *           "op": "move",
                 *           "id": "plan",
                 *           "position": {
                 *             "x": 400,
                 *             "y": 200
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResult"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `item_locked`: The item is locked: it cannot be moved, resized, rotated, restyled, edited or deleted until someone with edit rights unlocks it (`PATCH {"locked": false}`). `error.itemId` names it; a batch holding such an operation is refused whole. */
            423: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The resolved comment, when a comment pin was deleted. */
                        comment: components["schemas"]["Item"] | null;
                        deletedIds: string[];
                        /** @enum {string} */
                        outcome: "deleted" | "resolved";
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `item_locked`: The item is locked: it cannot be moved, resized, rotated, restyled, edited or deleted until someone with edit rights unlocks it (`PATCH {"locked": false}`). `error.itemId` names it; a batch holding such an operation is refused whole. */
            423: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "position": {
                 *         "x": 240,
                 *         "y": 80
                 *       },
                 *       "data": {
                 *         "text": "Ship the beta on Monday",
                 *         "color": "#fff9b1"
                 *       }
                 *     }
                 */
                "application/json": {
                    data?: {
                        [key: string]: unknown;
                    };
                    editReply?: {
                        id: string;
                        text: string;
                    };
                    /** @description Locks (true) or unlocks (false) the item. A locked item refuses every other change but a comment's replies and resolving until it is unlocked; unlocking may come with other changes. */
                    locked?: boolean;
                    position?: {
                        /** @description Board units; the centre of the item. */
                        x: number;
                        /** @description Board units; the centre of the item. */
                        y: number;
                    };
                    removeReply?: {
                        id: string;
                    };
                    reply?: {
                        text: string;
                    };
                    resolved?: boolean;
                    /** @description Degrees clockwise; normalized to [0, 360). */
                    rotation?: number;
                    size?: {
                        /** @description Board units. */
                        height: number;
                        /** @description Board units. */
                        width: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `item_locked`: The item is locked: it cannot be moved, resized, rotated, restyled, edited or deleted until someone with edit rights unlocks it (`PATCH {"locked": false}`). `error.itemId` names it; a batch holding such an operation is refused whole. */
            423: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    convertItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "targetType": "text",
                 *       "keepSource": false
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Keep the source item (the new one goes beside it); default false: the source is deleted in the same transaction.
                     * @default false
                     */
                    keepSource?: boolean;
                    /** @description One of the source type's `convertsTo` (GET /item-types/{type}). */
                    targetType: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The source and connectors attached to it, when the source was deleted. */
                        deletedIds: string[];
                        item: components["schemas"]["Item"];
                        model: string;
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description Sent `Prefer: respond-async`: the operation runs as a job; poll `Location` (GET /jobs/{jobId}) for its result. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The job: `/v1/jobs/{jobId}`. */
                    Location?: string;
                    /** @description `respond-async`. */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. `ai_instruction_unsupported`: The configured AI provider cannot carry out this instruction (see docs/ai.md for what the builtin provider does). */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `item_locked`: The item is locked: it cannot be moved, resized, rotated, restyled, edited or deleted until someone with edit rights unlocks it (`PATCH {"locked": false}`). `error.itemId` names it; a batch holding such an operation is refused whole. */
            423: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getItemText: {
        parameters: {
            query?: {
                /** @description Lines per page: 1 to 1000, default 200. */
                limit?: number;
                /** @description First line to return (0-based). */
                offset?: number;
            };
            header?: never;
            path: {
                boardId: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lines: {
                            number: number;
                            text: string;
                        }[];
                        nextOffset: number | null;
                        totalLines: number;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBoardMembers: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    shareBoard: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.com",
                 *       "role": "editor"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /**
                     * @description admin, editor, commenter or viewer.
                     * @enum {string}
                     */
                    role: "admin" | "editor" | "commenter" | "viewer";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Id of the person who shared. */
                        addedBy: string | null;
                        /** @description True when the person was added, false when their role was updated. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        /** @description The `{email}` path segment of the member operations (URL-encode it). */
                        email: string;
                        /** @description The space the role is inherited from; null for the owner and direct board members. */
                        inheritedFrom: {
                            name: string;
                            spaceId: string;
                        } | null;
                        /**
                         * @description Role: owner > admin > editor > commenter > viewer.
                         * @enum {string}
                         */
                        role: "viewer" | "commenter" | "editor" | "admin" | "owner";
                        /**
                         * @description Where the role comes from.
                         * @enum {string}
                         */
                        source: "owner" | "space" | "board";
                        /**
                         * @description The person has an account and now holds the role.
                         * @constant
                         */
                        status: "active";
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        user: components["schemas"]["Person"];
                    } | {
                        /** @description True for a new invitation, false when an open one was renewed or changed. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description The invitation lapses at this time (30 days after the last invite).
                         */
                        expiresAt: string;
                        /** @description Id of the person who invited; membership is granted in their name when accepted. */
                        invitedBy: string;
                        resourceId: string;
                        /** @enum {string} */
                        resourceType: "space" | "board";
                        /** @enum {string} */
                        role: "admin" | "editor" | "commenter" | "viewer";
                        /**
                         * @description No account has this address yet: an invitation was emailed, accepted at its first sign-in.
                         * @constant
                         */
                        status: "invited";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeBoardMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                /** @description The person's email, URL-encoded. */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateBoardMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                /** @description The person's email, URL-encoded. */
                email: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    role: "admin" | "editor" | "commenter" | "viewer";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Id of the person who shared. */
                        addedBy: string | null;
                        /** @description True when the person was added, false when their role was updated. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        /** @description The `{email}` path segment of the member operations (URL-encode it). */
                        email: string;
                        /** @description The space the role is inherited from; null for the owner and direct board members. */
                        inheritedFrom: {
                            name: string;
                            spaceId: string;
                        } | null;
                        /**
                         * @description Role: owner > admin > editor > commenter > viewer.
                         * @enum {string}
                         */
                        role: "viewer" | "commenter" | "editor" | "admin" | "owner";
                        /**
                         * @description Where the role comes from.
                         * @enum {string}
                         */
                        source: "owner" | "space" | "board";
                        /**
                         * @description The person has an account and now holds the role.
                         * @constant
                         */
                        status: "active";
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        user: components["schemas"]["Person"];
                    } | {
                        /** @description True for a new invitation, false when an open one was renewed or changed. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description The invitation lapses at this time (30 days after the last invite).
                         */
                        expiresAt: string;
                        /** @description Id of the person who invited; membership is granted in their name when accepted. */
                        invitedBy: string;
                        resourceId: string;
                        /** @enum {string} */
                        resourceType: "space" | "board";
                        /** @enum {string} */
                        role: "admin" | "editor" | "commenter" | "viewer";
                        /**
                         * @description No account has this address yet: an invitation was emailed, accepted at its first sign-in.
                         * @constant
                         */
                        status: "invited";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBoardOutline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        outline: string;
                        title: string;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBoardPresence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Awareness client ids of their connections. */
                            clientIds: number[];
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            connectedAt: string;
                            /** @description True for people on a public link. */
                            guest: boolean;
                            user: {
                                id: string;
                                name: string;
                            };
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBoardPublicLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicLink"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putBoardPublicLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true,
                 *       "role": "viewer",
                 *       "expiresAt": null
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                    /** @description Null for no expiry; unchanged when omitted. */
                    expiresAt?: string | null;
                    /**
                     * @description Default: unchanged, `viewer` for a new link.
                     * @enum {string}
                     */
                    role?: "viewer" | "commenter" | "editor";
                    /** @description Issue a new token; the old one stops working at once. */
                    rotate?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicLink"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    restoreBoard: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Board"];
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    applySkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                boardId: string;
                skillId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "prompt": "Sprint 14: Went well: smooth deploys; To improve: flaky tests",
                 *       "position": {
                 *         "x": 0,
                 *         "y": 600
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Where to put the new items: they go in the free space nearest this point (default 0,0) without overlapping anything, wholly inside the coordinate range of the board (±10,000,000). */
                    position?: {
                        x: number;
                        y: number;
                    };
                    /** @description The person's prompt, up to 4000 characters; the skill's instructions are appended to it. */
                    prompt: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The items created, in one transaction. */
                        items: components["schemas"]["Item"][];
                        model: string;
                        /**
                         * @description What to build: sticky notes in a grid (`sticky_note`), `card`s, `text`, `shape`s (numbered steps are chained), a `section` with notes, a `table`, a `doc`, a `mind_map` of connected shapes, or a `kanban` of sections with cards. Default `sticky_note`.
                         * @enum {string}
                         */
                        outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        rationale: string;
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description Sent `Prefer: respond-async`: the operation runs as a job; poll `Location` (GET /jobs/{jobId}) for its result. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The job: `/v1/jobs/{jobId}`. */
                    Location?: string;
                    /** @description `respond-async`. */
                    "Preference-Applied"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `trashed`: The board is in trash: it can be read and restored, not changed. Restore it first. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. `ai_instruction_unsupported`: The configured AI provider cannot carry out this instruction (see docs/ai.md for what the builtin provider does). */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBoardStructure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                boardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        connections: unknown[];
                        sections: unknown[];
                        standalone: unknown[];
                        title: string;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listRecentBoards: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BoardPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listItemTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ItemType"][];
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getItemType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemType"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validateItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "position": {
                 *         "x": 120,
                 *         "y": 80
                 *       },
                 *       "data": {
                 *         "text": "Ship the beta on Friday",
                 *         "color": "#fff9b1"
                 *       }
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: {
                            data: {
                                [key: string]: unknown;
                            };
                            position: {
                                x: number;
                                y: number;
                            };
                            rotation: number;
                            size: {
                                height: number;
                                width: number;
                            };
                            type: string;
                        };
                        /** @constant */
                        valid: true;
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description The cancel was taken: the job as it is now (ended `canceled`, or `running` until the process that runs it stops it). */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardId: string;
                        /** @description True once a cancel was asked (POST /jobs/{jobId}/cancel) and the job has not ended yet: a running job stops at its next step, on whichever process runs it. False once it ended, and for a job nobody cancelled. */
                        cancelRequested: boolean;
                        createdAt: string;
                        /** @description An API error code; `interrupted` when the server stopped while the job ran (its credits were refunded); `cancelled` when its starter cancelled it (POST /jobs/{jobId}/cancel; `result` says what it had done). */
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        finishedAt: string | null;
                        id: string;
                        /** @description The operation: `ai.generate`, `ai.modify`, `item.convert`, `skill.apply`. */
                        kind: string;
                        progress: number;
                        /** @description What the operation answers synchronously, once succeeded; null before (an import reports its progress here as it goes, and keeps it when it fails or is cancelled). */
                        result: unknown;
                        startedAt: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `job_finished`: The job already ended (succeeded, or failed for another reason than a cancel): it cannot be cancelled and nothing was changed. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credential: {
                            id: string;
                            /**
                             * @description `web_session`: a short-lived token the web app got for a signed-in session.
                             * @enum {string}
                             */
                            kind: "api_key" | "access_token" | "web_session";
                            scopes: ("user:read" | "user:write" | "boards:read" | "boards:write" | "ai:write" | "skills:read" | "skills:write")[];
                        };
                        user: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            createdAt: string;
                            email: string;
                            id: string;
                            name: string;
                            /** @description False while the name is the one made from the email at sign-up; the web app then asks the person for theirs once. */
                            nameChosen: boolean;
                        };
                        workspace: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            createdAt: string;
                            id: string;
                            name: string;
                            /** @enum {string} */
                            plan: "basic" | "pro" | "business";
                            /** @enum {string} */
                            role: "owner" | "admin" | "member";
                        };
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Grace Hopper"
                 *     }
                 */
                "application/json": {
                    /** @description Your name, 1 to 200 characters once trimmed. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credential: {
                            id: string;
                            /**
                             * @description `web_session`: a short-lived token the web app got for a signed-in session.
                             * @enum {string}
                             */
                            kind: "api_key" | "access_token" | "web_session";
                            scopes: ("user:read" | "user:write" | "boards:read" | "boards:write" | "ai:write" | "skills:read" | "skills:write")[];
                        };
                        user: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            createdAt: string;
                            email: string;
                            id: string;
                            name: string;
                            /** @description False while the name is the one made from the email at sign-up; the web app then asks the person for theirs once. */
                            nameChosen: boolean;
                        };
                        workspace: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            createdAt: string;
                            id: string;
                            name: string;
                            /** @enum {string} */
                            plan: "basic" | "pro" | "business";
                            /** @enum {string} */
                            role: "owner" | "admin" | "member";
                        };
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMyCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credits: {
                            limit: number;
                            remaining: number;
                            used: number;
                        };
                        messages: {
                            limit: number;
                            remaining: number;
                            used: number;
                        };
                        /** @description The calendar month (UTC) metered, YYYY-MM. */
                        period: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        periodStart: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        resetsAt: string;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMyLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            aiCreditsPerMonth: number;
                            aiMessagesPerMonth: number;
                            /** @description Custom AI skills may be created (POST /skills). */
                            customSkills: boolean;
                            /** @description Custom AI skills the workspace may hold. */
                            customSkillsPerWorkspace: number;
                            itemsPerBoard: number;
                            membersPerSpace: number | null;
                            oauthApps: number;
                            publicLinks: boolean;
                            spaces: number | null;
                            trashAndRestore: boolean;
                            trashRetentionDays: number;
                            /** @description Webhook subscriptions the workspace may hold. */
                            webhooks: number;
                        };
                        /** @enum {string} */
                        plan: "basic" | "pro" | "business";
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the workspace receives notification emails. */
                        emailEnabled: boolean;
                        events: {
                            /** @description Changes to boards shared with a person. */
                            boardUpdates: boolean;
                            /** @description New comments on boards shared with a person. */
                            comments: boolean;
                            /** @description Replies to comments. */
                            replies: boolean;
                            /** @description A space or board shared with a person. */
                            shares: boolean;
                        };
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "emailEnabled": true,
                 *       "events": {
                 *         "comments": true,
                 *         "replies": true,
                 *         "shares": true,
                 *         "boardUpdates": false
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Whether the workspace receives notification emails. */
                    emailEnabled: boolean;
                    events: {
                        /** @description Changes to boards shared with a person. */
                        boardUpdates: boolean;
                        /** @description New comments on boards shared with a person. */
                        comments: boolean;
                        /** @description Replies to comments. */
                        replies: boolean;
                        /** @description A space or board shared with a person. */
                        shares: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the workspace receives notification emails. */
                        emailEnabled: boolean;
                        events: {
                            /** @description Changes to boards shared with a person. */
                            boardUpdates: boolean;
                            /** @description New comments on boards shared with a person. */
                            comments: boolean;
                            /** @description Replies to comments. */
                            replies: boolean;
                            /** @description A space or board shared with a person. */
                            shares: boolean;
                        };
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
                /** @description `true` lists unread notifications only. */
                unread?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Notification"][];
                        /** @description Pass as `cursor` for the next page; null on the last page. */
                        nextCursor: string | null;
                        unreadCount: number;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                notificationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOAuthSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether people of the workspace may connect MCP clients and other apps that register themselves (Dynamic Client Registration or a Client ID Metadata Document). Off: such apps are refused at authorization and their tokens stop working. Default true. */
                        mcpClientsAllowed: boolean;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putOAuthSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mcpClientsAllowed": false
                 *     }
                 */
                "application/json": {
                    /** @description Whether people of the workspace may connect MCP clients and other apps that register themselves (Dynamic Client Registration or a Client ID Metadata Document). Off: such apps are refused at authorization and their tokens stop working. Default true. */
                    mcpClientsAllowed: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether people of the workspace may connect MCP clients and other apps that register themselves (Dynamic Client Registration or a Client ID Metadata Document). Off: such apps are refused at authorization and their tokens stop working. Default true. */
                        mcpClientsAllowed: boolean;
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMySources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            accountLabel: string | null;
                            connected: boolean;
                            connectedAt: string | null;
                            contentKinds: string[];
                            description: string;
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    search: {
        parameters: {
            query: {
                /** @description The `nextCursor` of the previous page (same `q`). */
                cursor?: string;
                /** @description Hits per kind: 1 to 50, default 10. */
                limit?: number;
                /** @description Search words: 1 to 200 characters after trimming. */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boards: {
                            id: string;
                            links: {
                                self: string;
                            };
                            /**
                             * @description The caller's role on the board.
                             * @enum {string}
                             */
                            role: "viewer" | "commenter" | "editor" | "admin" | "owner";
                            /** @description null for the built-in `default` space. */
                            spaceId: string | null;
                            title: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            updatedAt: string;
                            workspaceId: string;
                        }[];
                        items: {
                            boardId: string;
                            boardTitle: string;
                            itemId: string;
                            links: {
                                board: string;
                                self: string;
                            };
                            /** @description Up to 160 characters of the item text around the first match; `…` marks cuts. */
                            snippet: string;
                            /** @description The item type. */
                            type: string;
                        }[];
                        /** @description Pass as `cursor` with the same `q` for the next page; null on the last. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSkills: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
                /** @description Only skills whose name contains it or with a tag starting with it (any case). */
                q?: string;
                /** @description `public` (default): the curated library; `workspace`: every skill of the caller's workspace; `mine`: the caller's own. */
                scope?: "public" | "workspace" | "mine";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SkillPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Sprint retro",
                 *       "description": "Sorts sprint notes into went well, to improve and actions.",
                 *       "instructions": "Sort each point of the sprint under went well or to improve; turn problems into action items with an owner.\nSections: Went well; To improve; Action items",
                 *       "placeholder": "Sprint 14: Went well: smooth deploys; To improve: flaky tests",
                 *       "outputType": "section",
                 *       "tags": [
                 *         "retro",
                 *         "agile"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Up to 500 characters.
                     * @default
                     */
                    description?: string;
                    /** @description The system prompt appended to the generator's prompt, up to 8000 characters. A line `Sections: a; b; c` (or `Columns:`, `Branches:`) names the headings the result is laid out under, also on the builtin provider. */
                    instructions: string;
                    /** @description Up to 100 characters. */
                    name: string;
                    /**
                     * @description The output type the generator is forced to build when the skill is applied: `sticky_note`, `card`, `text`, `shape`, `section`, `table`, `doc`, `mind_map` or `kanban`.
                     * @enum {string}
                     */
                    outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                    /**
                     * @description The prompt hint shown to a person, up to 500 characters.
                     * @default
                     */
                    placeholder?: string;
                    /** @description Up to 10 tags of up to 40 characters, stored in lower case. */
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSkill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                skillId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                skillId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                skillId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Sprint retrospective",
                 *       "tags": [
                 *         "retro",
                 *         "agile",
                 *         "team"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Up to 500 characters. */
                    description?: string;
                    /** @description The system prompt appended to the generator's prompt, up to 8000 characters. A line `Sections: a; b; c` (or `Columns:`, `Branches:`) names the headings the result is laid out under, also on the builtin provider. */
                    instructions?: string;
                    /** @description Up to 100 characters. */
                    name?: string;
                    /**
                     * @description The output type the generator is forced to build when the skill is applied: `sticky_note`, `card`, `text`, `shape`, `section`, `table`, `doc`, `mind_map` or `kanban`.
                     * @enum {string}
                     */
                    outputType?: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                    /** @description The prompt hint shown to a person, up to 500 characters. */
                    placeholder?: string;
                    /** @description Up to 10 tags of up to 40 characters, stored in lower case. */
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Skill"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    draftSkill: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Turn interview notes into the pains and gains of a customer",
                 *       "outputType": "section"
                 *     }
                 */
                "application/json": {
                    /** @description What the skill should do, up to 2000 characters. */
                    description: string;
                    /**
                     * @description The output type the generator is forced to build when the skill is applied: `sticky_note`, `card`, `text`, `shape`, `section`, `table`, `doc`, `mind_map` or `kanban`.
                     * @enum {string}
                     */
                    outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string;
                        instructions: string;
                        model: string;
                        name: string;
                        /**
                         * @description The output type the generator is forced to build when the skill is applied: `sticky_note`, `card`, `text`, `shape`, `section`, `table`, `doc`, `mind_map` or `kanban`.
                         * @enum {string}
                         */
                        outputType: "sticky_note" | "card" | "text" | "shape" | "section" | "table" | "doc" | "mind_map" | "kanban";
                        placeholder: string;
                        /** @description `builtin` (the embedded engine, no language model) or `openai` (an OpenAI-compatible endpoint). */
                        provider: string;
                        tags: string[];
                        /** @description Tokens the provider counted (the builtin provider estimates four characters per token). */
                        usage: {
                            inputTokens: number;
                            outputTokens: number;
                        };
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `ai_output_invalid`: The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. `ai_unavailable`: The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSpaces: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpacePage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSpace: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Product"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @description Manual order, ascending (any finite number; put a board between two others with their mean). */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSpace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSpace: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Boards that went to trash with the space. */
                        boardCount: number;
                        id: string;
                        /** @constant */
                        outcome: "trashed";
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        purgeAt: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        trashedAt: string;
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSpace: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Product and design"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /** @description Manual order, ascending (any finite number; put a board between two others with their mean). */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Space"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSpaceInvitations: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeSpaceInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The invited address, URL-encoded. */
                email: string;
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resendSpaceInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The invited address, URL-encoded. */
                email: string;
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSpaceMembers: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberPage"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    shareSpace: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.com",
                 *       "role": "editor"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /**
                     * @description admin, editor, commenter or viewer.
                     * @enum {string}
                     */
                    role: "admin" | "editor" | "commenter" | "viewer";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Id of the person who shared. */
                        addedBy: string | null;
                        /** @description True when the person was added, false when their role was updated. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        /** @description The `{email}` path segment of the member operations (URL-encode it). */
                        email: string;
                        /** @description The space the role is inherited from; null for the owner and direct board members. */
                        inheritedFrom: {
                            name: string;
                            spaceId: string;
                        } | null;
                        /**
                         * @description Role: owner > admin > editor > commenter > viewer.
                         * @enum {string}
                         */
                        role: "viewer" | "commenter" | "editor" | "admin" | "owner";
                        /**
                         * @description Where the role comes from.
                         * @enum {string}
                         */
                        source: "owner" | "space" | "board";
                        /**
                         * @description The person has an account and now holds the role.
                         * @constant
                         */
                        status: "active";
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        user: components["schemas"]["Person"];
                    } | {
                        /** @description True for a new invitation, false when an open one was renewed or changed. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description The invitation lapses at this time (30 days after the last invite).
                         */
                        expiresAt: string;
                        /** @description Id of the person who invited; membership is granted in their name when accepted. */
                        invitedBy: string;
                        resourceId: string;
                        /** @enum {string} */
                        resourceType: "space" | "board";
                        /** @enum {string} */
                        role: "admin" | "editor" | "commenter" | "viewer";
                        /**
                         * @description No account has this address yet: an invitation was emailed, accepted at its first sign-in.
                         * @constant
                         */
                        status: "invited";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeSpaceMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The member's email, URL-encoded. */
                email: string;
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSpaceMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The member's email, URL-encoded. */
                email: string;
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "commenter"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    role: "admin" | "editor" | "commenter" | "viewer";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Id of the person who shared. */
                        addedBy: string | null;
                        /** @description True when the person was added, false when their role was updated. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        /** @description The `{email}` path segment of the member operations (URL-encode it). */
                        email: string;
                        /** @description The space the role is inherited from; null for the owner and direct board members. */
                        inheritedFrom: {
                            name: string;
                            spaceId: string;
                        } | null;
                        /**
                         * @description Role: owner > admin > editor > commenter > viewer.
                         * @enum {string}
                         */
                        role: "viewer" | "commenter" | "editor" | "admin" | "owner";
                        /**
                         * @description Where the role comes from.
                         * @enum {string}
                         */
                        source: "owner" | "space" | "board";
                        /**
                         * @description The person has an account and now holds the role.
                         * @constant
                         */
                        status: "active";
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        user: components["schemas"]["Person"];
                    } | {
                        /** @description True for a new invitation, false when an open one was renewed or changed. */
                        created: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description The invitation lapses at this time (30 days after the last invite).
                         */
                        expiresAt: string;
                        /** @description Id of the person who invited; membership is granted in their name when accepted. */
                        invitedBy: string;
                        resourceId: string;
                        /** @enum {string} */
                        resourceType: "space" | "board";
                        /** @enum {string} */
                        role: "admin" | "editor" | "commenter" | "viewer";
                        /**
                         * @description No account has this address yet: an invitation was emailed, accepted at its first sign-in.
                         * @constant
                         */
                        status: "invited";
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSpacePublicLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicLink"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putSpacePublicLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true,
                 *       "role": "viewer",
                 *       "expiresAt": null
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                    /** @description Null for no expiry; unchanged when omitted. */
                    expiresAt?: string | null;
                    /**
                     * @description Default: unchanged, `viewer` for a new link.
                     * @enum {string}
                     */
                    role?: "viewer" | "commenter" | "editor";
                    /** @description Issue a new token; the old one stops working at once. */
                    rotate?: boolean;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicLink"];
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. `forbidden`: The caller's role does not allow this operation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    restoreSpace: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                spaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Active boards in the space; for `trash`, boards in trash the caller may restore one by one (admin and above, on the paid plans). Boards that went to trash with a space on basic are not counted: they come back with their space. */
                        boardCount: number;
                        createdAt: string | null;
                        /** @description Space id; `default` and `trash` for the built-in spaces. */
                        id: string;
                        /** @enum {string} */
                        kind: "space" | "default" | "trash";
                        links: {
                            /** @description Absolute URL. */
                            boards: string;
                            members: string | null;
                            publicLink: string | null;
                            /** @description Absolute URL. */
                            self: string;
                        };
                        /** @description The name given to the space; for the built-ins it is their id, `default` and `trash` (SPEC). Apps show their own label for a built-in space by its `kind`. */
                        name: string;
                        /** @description The creator; null for built-ins. */
                        owner: components["schemas"]["Person"] | null;
                        /** @description Dashboard order within the workspace, ascending; null for built-ins. */
                        position: number | null;
                        /** @description When a space in trash is deleted for good. */
                        purgeAt: string | null;
                        restoredBoards: number;
                        /** @description The caller's role; null for built-ins. */
                        role: ("viewer" | "commenter" | "editor" | "admin" | "owner") | null;
                        /** @description True when the space belongs to another workspace than the caller's. */
                        shared: boolean;
                        /** @description For `trash`: spaces in trash the caller may restore; 0 otherwise. */
                        spaceCount: number;
                        trashedAt: string | null;
                        updatedAt: string | null;
                        workspaceId: string | null;
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. `conflict`: The request conflicts with the current state (for example a duplicate). */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            boardIds: string[] | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            createdAt: string;
                            description: string;
                            /** @description Why the service disabled it: deliveries failed for about three days, its owner left the workspace, or the OAuth app connection that made it ended. */
                            disabledReason: ("failing" | "owner_left" | "connection_ended") | null;
                            enabled: boolean;
                            events: string[];
                            id: string;
                            spaceIds: string[] | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            updatedAt: string;
                            url: string;
                            workspaceId: string;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/boards",
                 *       "events": [
                 *         "item.created",
                 *         "item.updated"
                 *       ],
                 *       "description": "Sync to the tracker"
                 *     }
                 */
                "application/json": {
                    /** @description Only events of these boards. */
                    boardIds?: string[];
                    description?: string;
                    /** @description Event types to receive (`GET /webhooks/event-types`). */
                    events: string[];
                    /** @description Only events of boards in these spaces. */
                    spaceIds?: string[];
                    /** @description `https` URL of the receiver; no credentials, no private addresses. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardIds: string[] | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        description: string;
                        /** @description Why the service disabled it: deliveries failed for about three days, its owner left the workspace, or the OAuth app connection that made it ended. */
                        disabledReason: ("failing" | "owner_left" | "connection_ended") | null;
                        enabled: boolean;
                        events: string[];
                        id: string;
                        /** @description `whsec_` + base64 signing key. Shown only now and on rotation. */
                        secret: string;
                        spaceIds: string[] | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        url: string;
                        workspaceId: string;
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payment_required`: The workspace's plan does not allow this; upgrade or free up capacity. */
            402: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardIds: string[] | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        description: string;
                        /** @description Why the service disabled it: deliveries failed for about three days, its owner left the workspace, or the OAuth app connection that made it ended. */
                        disabledReason: ("failing" | "owner_left" | "connection_ended") | null;
                        enabled: boolean;
                        events: string[];
                        id: string;
                        spaceIds: string[] | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        url: string;
                        workspaceId: string;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "item.created",
                 *         "item.updated",
                 *         "item.deleted"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /** @description null: every board again. */
                    boardIds?: string[] | null;
                    description?: string;
                    /** @description `true` also re-enables a webhook the service disabled. */
                    enabled?: boolean;
                    /** @description Event types to receive (`GET /webhooks/event-types`). */
                    events?: string[];
                    /** @description null: every space again. */
                    spaceIds?: string[] | null;
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        boardIds: string[] | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        description: string;
                        /** @description Why the service disabled it: deliveries failed for about three days, its owner left the workspace, or the OAuth app connection that made it ended. */
                        disabledReason: ("failing" | "owner_left" | "connection_ended") | null;
                        enabled: boolean;
                        events: string[];
                        id: string;
                        spaceIds: string[] | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        updatedAt: string;
                        url: string;
                        workspaceId: string;
                    };
                };
            };
            /** @description `bad_request`: The request is malformed: a parameter, header or body could not be read. `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than allowed. */
            413: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`). */
            415: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                /** @description Page size: 1 to 100, default 20. */
                limit?: number;
            };
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempts: number;
                            boardId: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp (UTC).
                             */
                            createdAt: string;
                            durationMs: number | null;
                            eventId: string;
                            eventType: string;
                            /** @description The `webhook-id` header: the same on every attempt, so receivers can drop duplicates. */
                            id: string;
                            nextRetryAt: string | null;
                            /** @description The first 1 KiB of the last response body, or what ended the attempt. */
                            response: string | null;
                            settledAt: string | null;
                            /**
                             * @description `skipped`: the owner could no longer read the board, or the webhook was disabled.
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed" | "skipped";
                            /** @description HTTP status of the last attempt; null when none came (timeout, refused). */
                            statusCode: number | null;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                deliveryId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        boardId: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        durationMs: number | null;
                        eventId: string;
                        eventType: string;
                        /** @description The `webhook-id` header: the same on every attempt, so receivers can drop duplicates. */
                        id: string;
                        nextRetryAt: string | null;
                        /** @description The first 1 KiB of the last response body, or what ended the attempt. */
                        response: string | null;
                        settledAt: string | null;
                        /**
                         * @description `skipped`: the owner could no longer read the board, or the webhook was disabled.
                         * @enum {string}
                         */
                        status: "pending" | "delivered" | "failed" | "skipped";
                        /** @description HTTP status of the last attempt; null when none came (timeout, refused). */
                        statusCode: number | null;
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    pingWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        boardId: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp (UTC).
                         */
                        createdAt: string;
                        durationMs: number | null;
                        eventId: string;
                        eventType: string;
                        /** @description The `webhook-id` header: the same on every attempt, so receivers can drop duplicates. */
                        id: string;
                        nextRetryAt: string | null;
                        /** @description The first 1 KiB of the last response body, or what ended the attempt. */
                        response: string | null;
                        settledAt: string | null;
                        /**
                         * @description `skipped`: the owner could no longer read the board, or the webhook was disabled.
                         * @enum {string}
                         */
                        status: "pending" | "delivered" | "failed" | "skipped";
                        /** @description HTTP status of the last attempt; null when none came (timeout, refused). */
                        statusCode: number | null;
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (1 to 255 printable ASCII characters, a UUID is best) that makes a retry of this request safe for 24 hours: the same key with the same request answers the first answer again (with `Idempotent-Replayed: true`) and changes nothing; with another request it is refused (`idempotency_key_reused`). Keys are per credential. See the README, "Retries". */
                "Idempotency-Key"?: string;
            };
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        secret: string;
                    };
                };
            };
            /** @description `invalid_idempotency_key`: The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it. */
            400: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: Nothing exists at this address that the caller can see. */
            404: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_in_use`: A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer. `idempotency_key_in_doubt`: A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again. */
            409: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `validation_failed`: A field failed validation; `error.field` names it. `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request. */
            422: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier request with the same `Idempotency-Key`, replayed. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            description: string;
                            /** @enum {string} */
                            type: "board.created" | "board.updated" | "board.deleted" | "board.restored" | "item.created" | "item.updated" | "item.deleted" | "comment.created" | "chat.message.created" | "member.added" | "member.removed" | "member.updated" | "job.succeeded" | "job.failed";
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: The request has no valid credential: the token is missing, unknown, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_scope`: The token lacks the scope this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: Something failed on the service side; retry later. The request id helps support. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The service is starting or stopping; retry shortly. */
            503: {
                headers: {
                    /** @description Seconds to wait; sent while the server starts or stops (a rolling restart). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
