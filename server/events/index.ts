export { DomainEvents } from './DomainEvents.js';
export type { DomainEventListener, DomainEventLogger } from './DomainEvents.js';
export { domainEventTypes } from './eventTypes.js';
export type {
  BoardChangeKind,
  BoardEventBase,
  BoardRecordEvent,
  DomainEventMap,
  DomainEventType,
  EventActor,
  EventBase,
  ItemChangeSource,
  ItemEvent,
  JobEvent,
  MemberEvent,
} from './eventTypes.js';
