import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names.js';

describe('StatementNames', () => {
  it('gives one text one name, and another text another', () => {
    const names = new StatementNames();
    const lock = names.nameOf('INSERT INTO certnames (certname) VALUES ($1)');
    expect(lock).toBeDefined();
    expect(names.nameOf('INSERT INTO certnames (certname) VALUES ($1)')).toBe(lock);
    expect(names.nameOf('UPDATE certnames SET deactivated = $1 WHERE certname = $2')).not.toBe(lock);
  });

  it('leaves a statement with a list of values unnamed: its text changes with the length', () => {
    const names = new StatementNames();
    expect(
      names.nameOf('DELETE FROM resources WHERE certname = $1 AND resource IN ($2, $3)'),
    ).toBeUndefined();
    expect(
      names.nameOf('DELETE FROM resources WHERE certname = $1 AND resource in($2,$3,$4)'),
    ).toBeUndefined();
    expect(names.nameOf('DELETE FROM resources WHERE certname = $1 AND resource IN ($2)')).toBeDefined();
  });

  it('names no more than its cap, and keeps the names it gave', () => {
    const names = new StatementNames();
    const given = Array.from({ length: 300 }, (_, i) => names.nameOf(`SELECT ${i} WHERE $1`));
    const named = given.filter((name) => name !== undefined);
    expect(named.length).toBe(200);
    expect(new Set(named).size).toBe(200);
    expect(names.nameOf('SELECT 0 WHERE $1')).toBe(given[0]);
    expect(names.nameOf('SELECT 250 WHERE $1')).toBeUndefined();
  });
});
