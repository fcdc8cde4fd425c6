/** SVG path of each shape kind in a 100 x 100 box (drawn stretched to the item's size). */
export const shapePaths: Readonly<Record<string, string>> = {
  rectangle: 'M1 1H99V99H1Z',
  round_rectangle: 'M12 1H88Q99 1 99 12V88Q99 99 88 99H12Q1 99 1 88V12Q1 1 12 1Z',
  ellipse: 'M50 1A49 49 0 1 1 49.99 1Z',
  triangle: 'M50 1L99 99H1Z',
  diamond: 'M50 1L99 50L50 99L1 50Z',
  hexagon: 'M25 1H75L99 50L75 99H25L1 50Z',
  star: 'M50 1L61.8 36.2L98.6 36.2L68.8 58L80.2 93.2L50 71.5L19.8 93.2L31.2 58L1.4 36.2L38.2 36.2Z',
  arrow: 'M1 30H60V5L99 50L60 95V70H1Z',
  cloud: 'M25 85Q1 85 4 63Q1 42 22 40Q24 15 48 18Q62 2 78 20Q99 22 96 45Q99 70 80 78Q76 99 55 90Q40 99 25 85Z',
  cylinder: 'M1 15Q1 1 50 1Q99 1 99 15V85Q99 99 50 99Q1 99 1 85ZM1 15Q1 29 50 29Q99 29 99 15',
};
