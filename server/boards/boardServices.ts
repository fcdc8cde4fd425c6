import type { Clock, Database } from '../../storage/index.js';
import type { AccountService } from '../accounts/AccountService.js';
import { AccessService } from '../access/AccessService.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { Mailer } from '../signin/Mailer.js';
import { SpaceMemberService } from '../spaces/SpaceMemberService.js';
import { SpaceService } from '../spaces/SpaceService.js';
import type { ActivityService } from './ActivityService.js';
import type { BoardDocuments } from './BoardDocuments.js';
import { storeBoardDocuments } from './BoardDocuments.js';
import { BoardMemberService } from './BoardMemberService.js';
import { BoardPurger } from './BoardPurger.js';
import { BoardService } from './BoardService.js';
import { PublicLinkService } from './PublicLinkService.js';
import type { TrashServiceOptions } from './TrashService.js';
import { TrashService } from './TrashService.js';
import type { InvitationLogger } from './acceptInvitations.js';
import { acceptInvitations } from './acceptInvitations.js';
import { InvitationService } from './InvitationService.js';
import { PendingInvitationService } from './PendingInvitationService.js';
import type { RecordEventJournal } from './RecordEventJournal.js';

/** The services that organise boards: access, spaces, boards, sharing, public links, activity and trash. */
export interface BoardServices {
  readonly access: AccessService;
  readonly activity: ActivityService;
  readonly spaces: SpaceService;
  readonly spaceMembers: SpaceMemberService;
  readonly boards: BoardService;
  readonly boardMembers: BoardMemberService;
  readonly publicLinks: PublicLinkService;
  readonly trash: TrashService;
  /** Invitations by email for people without an account, accepted at their first sign-in. */
  readonly invitations: InvitationService;
  /** The open invitations of a space or board, listed, resent and revoked by those who may share it. */
  readonly pendingInvitations: PendingInvitationService;
  /** Where operations on stored records (boards, members, invitations, chat, workspaces, keys, app connections, sign-ins) journal what they record (recovered with the write-events journal). */
  readonly records: RecordEventJournal;
}

/** Dependencies of `createBoardServices`. */
export interface BoardServicesOptions {
  accounts: AccountService;
  notifications: NotificationService;
  clock: Clock;
  /** How board documents are created and deleted; default: straight to `db.documents`. */
  documents?: BoardDocuments;
  trash?: TrashServiceOptions;
  /** The domain event bus the services emit on. */
  events: DomainEvents;
  /** Sends invitation emails. */
  mailer: Mailer;
  /** The server's public URL (links in emails). */
  publicUrl: string;
  /** Where invitations that cannot be honoured at sign-in are reported. */
  logger: InvitationLogger;
  /** The boards' activity feed (also written by `records`). */
  activity: ActivityService;
  /** Where operations on stored records journal what they record; shared with the workspace-level services built before these. */
  records: RecordEventJournal;
}

/** Wires the board organisation services over one store (the trash sweep is not started). */
export function createBoardServices(db: Database, options: BoardServicesOptions): BoardServices {
  const { accounts, notifications, clock, events, activity, records } = options;
  const documents = options.documents ?? storeBoardDocuments(db.documents);
  const access = new AccessService(db, accounts, clock);
  const purger = new BoardPurger(db, { activity, documents });
  const invitations = new InvitationService(db, { mailer: options.mailer, clock, publicUrl: options.publicUrl });
  const spaceMembers = new SpaceMemberService(db, { access, accounts, notifications, clock, invitations, records });
  const boardMembers = new BoardMemberService(db, { access, accounts, spaceMembers, clock, invitations, notifications, records });
  acceptInvitations(events, { db, invitations, boardMembers, spaceMembers, logger: options.logger });
  return {
    access,
    activity,
    spaces: new SpaceService(db, { access, accounts, clock, records }),
    spaceMembers,
    boards: new BoardService(db, {
      access,
      accounts,
      documents,
      purger,
      clock,
      records,
    }),
    boardMembers,
    invitations,
    pendingInvitations: new PendingInvitationService({ access, accounts, invitations, clock }),
    records,
    publicLinks: new PublicLinkService(db, { access, accounts, clock, records }),
    trash: new TrashService(db, { accounts, purger, clock, records }, options.trash),
  };
}
