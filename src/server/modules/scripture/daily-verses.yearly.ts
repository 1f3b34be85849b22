// The built-in verse of the day (docs/decisions/049-verse-of-the-day.md): one well-known passage for
// each day of the year, January 1st to December 31st with February 29th in its place, the same OSIS
// for English and Chinese readers (each reads it in their translation). A day the staff left empty
// shows this one. daily-verses.yearly.test.ts checks that each is a passage of at most
// DAILY_VERSE_MAX_VERSES verses with a text in every translation, that none overlaps another, and
// that there are 366.

// prettier-ignore
export const YEARLY_VERSES: readonly string[] = [
  // January
  'Lam.3.22-Lam.3.23', 'Isa.43.19', 'Ps.90.12', 'Prov.3.5-Prov.3.6', 'Jer.29.11', 'Matt.2.10-Matt.2.11',
  'Phil.3.13-Phil.3.14', 'Josh.1.9', 'Ps.119.105', 'Rom.12.2', '2Cor.5.17', 'Ps.37.4-Ps.37.5', 'Isa.40.31',
  'Matt.6.33', 'Heb.11.1', 'Ps.46.1', 'John.1.1', 'John.1.14', 'Gen.1.1', 'Gen.1.27', 'Ps.8.3-Ps.8.4',
  'Ps.139.13-Ps.139.14', 'Mic.6.8', 'Deut.31.8', 'Gal.2.20', 'Eph.2.8-Eph.2.9', 'Ps.27.1', 'Jas.1.5',
  'Prov.16.3', 'Ps.16.11', 'Col.3.23',
  // February
  '1Cor.13.4-1Cor.13.7', 'Luke.2.29-Luke.2.32', '1John.4.7-1John.4.8', '1John.4.19', 'John.15.12-John.15.13',
  'Rom.5.8', 'John.3.16', 'Song.8.7', '1Cor.16.14', 'Col.3.14', 'Eph.4.2-Eph.4.3', '1Pet.4.8',
  'Rom.8.38-Rom.8.39', '1John.4.18', 'Zeph.3.17', 'Ps.36.5', 'Ps.63.3', 'Jer.31.3', 'Eph.3.17-Eph.3.19',
  'Rom.13.10', 'Gal.5.22-Gal.5.23', '1Cor.13.13', 'Matt.22.37-Matt.22.39', 'Ruth.1.16', 'Prov.17.17',
  'Eccl.4.9-Eccl.4.10', 'Ps.103.11-Ps.103.12', 'John.13.34-John.13.35', 'Ps.100.4-Ps.100.5',
  // March
  'Ps.51.10', 'Joel.2.12-Joel.2.13', 'Isa.53.5', 'Ps.32.1', '1John.1.9', 'Matt.4.4', 'Matt.16.24', 'Mark.8.36',
  'Isa.55.6-Isa.55.7', 'Heb.4.15-Heb.4.16', 'Ps.139.23-Ps.139.24', '2Chr.7.14', 'Matt.5.3-Matt.5.4',
  'Matt.5.5-Matt.5.6', 'Matt.5.7-Matt.5.9', 'Matt.5.14-Matt.5.16', 'Matt.6.9-Matt.6.13', 'Matt.6.19-Matt.6.21',
  'Matt.6.34', 'Matt.7.7-Matt.7.8', 'Matt.7.12', 'Matt.7.24-Matt.7.25', 'Mark.10.45', 'Mark.11.24',
  'Luke.1.38', 'Luke.1.46-Luke.1.49', 'Luke.6.38', 'Luke.15.7', 'Luke.15.20', 'Luke.19.10', 'Isa.1.18',
  // April
  'John.11.25-John.11.26', 'John.12.24', 'Phil.2.5-Phil.2.8', 'Isa.53.4', 'Isa.53.6', 'Zech.9.9', 'Matt.21.9',
  'Luke.22.42', 'John.19.30', 'Luke.23.34', 'Luke.23.43', '1Pet.2.24', 'Matt.28.5-Matt.28.6',
  'Luke.24.5-Luke.24.6', 'John.20.29', '1Cor.15.55-1Cor.15.57', 'Rom.6.4', '1Pet.1.3', 'John.14.19',
  'Col.3.1-Col.3.2', 'Rom.10.9', 'Acts.4.12', 'Heb.12.1-Heb.12.2', '1Cor.15.20', 'Rev.1.17-Rev.1.18',
  'John.20.21', 'Luke.24.32', 'John.21.17', '2Tim.1.10', 'Ps.118.24',
  // May
  'Ps.19.1', 'Ps.19.14', 'Ps.23.1-Ps.23.3', 'Ps.23.4', 'Ps.23.5-Ps.23.6', 'Ps.121.1-Ps.121.2',
  'Ps.121.7-Ps.121.8', 'Prov.31.25-Prov.31.26', 'Prov.31.30', 'Prov.22.6', 'Deut.6.5-Deut.6.7', 'Ps.127.1',
  'Ps.127.3', 'Isa.66.13', '2Tim.1.5', 'Josh.24.15', 'Eph.6.1-Eph.6.3', 'Ps.34.8', 'Ps.34.18', 'Acts.1.8',
  'Acts.2.38', 'Acts.2.42', 'John.14.26', 'Rom.8.26', 'Gal.5.25', 'Ezek.36.26', 'Joel.2.28', 'Zech.4.6',
  '2Tim.1.7', 'John.16.13', 'Rom.15.13',
  // June
  'Ps.104.24', 'Ps.104.33', 'Gen.8.22', 'Ps.65.11', 'Matt.6.26', 'Matt.6.28-Matt.6.29', 'Luke.12.6-Luke.12.7',
  'Job.12.7-Job.12.10', 'Ps.148.1-Ps.148.3', 'Isa.55.10-Isa.55.11', 'Isa.55.8-Isa.55.9', 'Isa.41.10',
  'Isa.26.3', 'Isa.30.21', 'Isa.12.2', 'Isa.43.2', 'Isa.58.11', 'Isa.61.1', 'Isa.64.8', 'Jer.17.7-Jer.17.8',
  'Jer.33.3', 'Ezek.34.11', 'Hos.6.6', 'Hab.3.17-Hab.3.18', 'Mal.3.10', 'Nah.1.7', 'Jonah.2.9', 'Amos.5.24',
  'Dan.3.17-Dan.3.18', 'Dan.12.3',
  // July
  'Ps.33.12', 'Gal.5.1', 'Gal.5.13', 'John.8.32', 'John.8.36', '2Cor.3.17', '1Pet.2.16', 'Rom.8.1-Rom.8.2',
  'Rom.8.18', 'Rom.8.28', 'Rom.8.31', 'Rom.8.32', 'Rom.8.37', 'Rom.12.1', 'Rom.12.9-Rom.12.10', 'Rom.12.12',
  'Rom.12.18', 'Rom.12.21', 'Rom.1.16', 'Rom.3.23-Rom.3.24', 'Rom.5.1', 'Rom.5.3-Rom.5.5', 'Rom.6.23',
  'Rom.10.17', 'Rom.11.33', 'Rom.14.8', 'Rom.14.19', 'Rom.15.4', 'Rom.15.7', 'Rom.13.12', 'Rom.12.15',
  // August
  '1Cor.1.18', '1Cor.2.9', '1Cor.3.16', '1Cor.6.19-1Cor.6.20', '1Cor.10.13', 'Matt.17.5', '1Cor.10.31',
  '1Cor.12.12', '1Cor.12.27', '1Cor.15.58', '1Cor.16.13', '2Cor.4.6', '2Cor.4.16-2Cor.4.18', '2Cor.5.7',
  '2Cor.9.7', '2Cor.12.9', '2Cor.13.14', 'Gal.6.2', 'Gal.6.9', 'Gal.6.14', 'Eph.1.3', 'Eph.1.7', 'Eph.2.10',
  'Eph.2.19-Eph.2.20', 'Eph.3.20-Eph.3.21', 'Eph.4.15', 'Eph.4.26', 'Eph.4.29', 'Eph.4.31-Eph.4.32',
  'Eph.5.1-Eph.5.2', 'Eph.6.10-Eph.6.11',
  // September
  'Phil.1.3-Phil.1.4', 'Phil.1.6', 'Phil.1.21', 'Phil.2.3-Phil.2.4', 'Phil.2.9-Phil.2.11', 'Phil.2.13',
  'Phil.3.8', 'Phil.3.20', 'Phil.4.4-Phil.4.5', 'Phil.4.6-Phil.4.7', 'Phil.4.8', 'Phil.4.12-Phil.4.13',
  'Phil.4.19', 'Col.1.15-Col.1.17', 'Col.2.6-Col.2.7', 'Col.3.12-Col.3.13', 'Col.3.15', 'Col.3.16-Col.3.17',
  'Col.4.2', 'Col.4.6', '1Thess.5.11', '1Thess.5.16-1Thess.5.18', '1Thess.5.23-1Thess.5.24', '2Thess.3.3',
  '2Thess.3.16', '1Tim.1.15', '1Tim.2.5', '1Tim.4.12', '1Tim.6.6-1Tim.6.7', '1Tim.6.12',
  // October
  '2Tim.2.15', '2Tim.3.16-2Tim.3.17', '2Tim.4.7', 'Ps.145.9', 'Ps.145.18', 'Titus.2.11-Titus.2.12',
  'Titus.3.5', 'Phlm.1.7', 'Heb.4.12', 'Heb.10.23', 'Heb.10.24-Heb.10.25', 'Heb.11.6', 'Heb.12.11',
  'Heb.13.5', 'Heb.13.8', 'Heb.13.2', 'Jas.1.2-Jas.1.4', 'Jas.1.12', 'Jas.1.17', 'Jas.1.19-Jas.1.20',
  'Jas.1.22', 'Jas.2.17', 'Jas.4.7-Jas.4.8', 'Jas.4.10', 'Jas.5.16', '1Pet.1.8-1Pet.1.9', '1Pet.2.9',
  '1Pet.3.15', '1Pet.5.6-1Pet.5.7', '1Pet.5.10', 'Rom.1.17',
  // November
  'Rev.7.9-Rev.7.10', '2Pet.1.3', '2Pet.3.9', '2Pet.3.18', '1John.1.7', '1John.3.1', '1John.3.18',
  '1John.4.16', '1John.5.4', '1John.5.14', 'Mic.4.3', 'John.10.10', 'John.10.11', 'John.10.27-John.10.28',
  'John.14.1-John.14.3', 'John.14.6', 'John.14.27', 'John.15.5', 'John.15.16', 'John.16.33', 'John.17.3',
  'Ps.95.1-Ps.95.2', 'Ps.100.1-Ps.100.3', 'Ps.107.1', 'Ps.136.1', '1Chr.16.34', 'Ps.103.1-Ps.103.2',
  'Ps.9.1', 'Ps.92.1-Ps.92.2', 'Eph.5.20',
  // December
  'Isa.9.2', 'Isa.40.1', 'Isa.40.3', 'Isa.40.8', 'Isa.40.11', 'Isa.11.1-Isa.11.2', 'Isa.60.1', 'Isa.7.14',
  'Jer.23.5', 'Mic.5.2', 'Mal.4.2', 'Luke.1.30-Luke.1.31', 'Luke.1.37', 'Luke.1.68-Luke.1.69',
  'Luke.1.78-Luke.1.79', 'Matt.1.21', 'Matt.1.23', 'Rom.13.11', 'Gal.4.4-Gal.4.5', 'Titus.2.13', 'John.1.5',
  'John.1.9', 'John.1.12', 'Luke.2.10-Luke.2.11', 'Isa.9.6', 'Luke.2.14', 'Luke.2.19', 'Luke.2.40',
  '1John.4.9', 'Rev.21.5', 'Ps.90.1-Ps.90.2',
];

/** Days in each month of a leap year: the list's layout. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MONTH_STARTS = MONTH_DAYS.map((_, month) => MONTH_DAYS.slice(0, month).reduce((a, b) => a + b, 0));

/**
 * The list's index of a calendar day (month 1–12, day 1–31): its place in a leap year, so March 1st
 * is always the same passage and February 29th has its own.
 */
export function yearlyIndex(month: number, day: number): number {
  return MONTH_STARTS[month - 1]! + day - 1;
}

/** The built-in passage of a calendar day. */
export function yearlyVerse(month: number, day: number): string {
  return YEARLY_VERSES[yearlyIndex(month, day)]!;
}
