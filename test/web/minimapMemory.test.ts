import { describe, expect, test } from 'vitest';
import { signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, openBoard, restItems } from '../helpers/canvasBoard.js';

const { available, suite } = webSuite('the minimap memory browser test');

describe.skipIf(!available)('the minimap remembers being open or closed in this browser', { timeout: 180_000 }, () => {
  test('hidden with its button, the map stays hidden after a reload and on another board; shown again, it stays shown; another browser starts with it shown', async () => {
    const notes = [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Here' } }];
    const first = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Map one', notes);
    const second = await boardWith(suite.t, suite.owner.key, suite.spaceId, 'Map two', notes);
    const page = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    const map = page.getByRole('application', { name: /Map of the board/ });
    await openBoard(page, suite.t, first);
    await map.waitFor();

    // From the keyboard: focus the toggle and press Enter.
    await page.getByRole('button', { name: 'Hide map' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Map', exact: true }).waitFor();
    expect(await map.count()).toBe(0);

    await openBoard(page, suite.t, first);
    await page.getByRole('button', { name: 'Map', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Map', exact: true }).getAttribute('aria-expanded')).toBe('false');
    expect(await map.count()).toBe(0);

    await openBoard(page, suite.t, second);
    await page.getByRole('button', { name: 'Map', exact: true }).waitFor();
    expect(await map.count()).toBe(0);

    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await map.waitFor();
    await openBoard(page, suite.t, second);
    await map.waitFor();
    expect(await page.getByRole('button', { name: 'Hide map' }).getAttribute('aria-expanded')).toBe('true');

    // The choice is this browser's: a fresh one shows the map, and the boards are as they were.
    await page.getByRole('button', { name: 'Hide map' }).click();
    const other = await signedInPage(suite.browser, suite.t, suite.owner.id, suite.contexts);
    await openBoard(other, suite.t, first);
    await other.getByRole('application', { name: /Map of the board/ }).waitFor();
    expect((await restItems(suite.t, suite.owner.key, first)).map((i) => i.data.text)).toEqual(['Here']);
  });
});
