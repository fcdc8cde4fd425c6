/** A 1x1 PNG: the smallest square logo. */
export const squarePng = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);

/** The same PNG with its header saying 2x1: not square. */
export const wideHeaderPng = (() => {
  const copy = new Uint8Array(squarePng);
  copy[19] = 2;
  return copy;
})();

/** Bytes that are no image at all. */
export const notAnImage = new Uint8Array(Buffer.from('GIF89a but not really an image at all'));
