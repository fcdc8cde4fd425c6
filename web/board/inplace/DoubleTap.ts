/** Longest pause between the two taps of a double-tap, in ms. */
const maxGapMs = 400;
/** Farthest apart the two taps may land, in screen pixels (fingers are imprecise). */
const maxDistance = 24;
/** How far a finger may wander during one tap, in screen pixels, before it is a drag. */
const tapSlop = 10;

/**
 * Tells a double-tap of one finger from other touches: two short taps close together in time
 * and place. The canvas captures the pointer, so the browser's own `dblclick` cannot be relied
 * on for touch; this watches the pointer events instead.
 */
export class DoubleTap {
  #last: { x: number; y: number; at: number } | null = null;
  #press: { id: number; x: number; y: number; second: boolean } | null = null;

  /**
   * A finger went down. True when it may be the second tap of a double-tap: the caller then
   * prevents the press's default, so the mouse events the browser would make of it do not move
   * the focus away from the editor the double-tap opens.
   */
  down(event: PointerEvent): boolean {
    if (event.pointerType !== 'touch') return false;
    if (this.#press) {
      // A second finger: a pinch, not a tap.
      this.#press = null;
      this.#last = null;
      return false;
    }
    const last = this.#last;
    const second = last !== null && event.timeStamp - last.at <= maxGapMs && Math.hypot(event.clientX - last.x, event.clientY - last.y) <= maxDistance;
    this.#press = { id: event.pointerId, x: event.clientX, y: event.clientY, second };
    return second;
  }

  /** A finger went up (or was cancelled). True when it completed a double-tap. */
  up(event: PointerEvent): boolean {
    const press = this.#press;
    if (event.pointerType !== 'touch' || !press || press.id !== event.pointerId) return false;
    this.#press = null;
    const tap = event.type === 'pointerup' && Math.hypot(event.clientX - press.x, event.clientY - press.y) <= tapSlop;
    if (tap && press.second) {
      this.#last = null;
      return true;
    }
    this.#last = tap ? { x: event.clientX, y: event.clientY, at: event.timeStamp } : null;
    return false;
  }
}
