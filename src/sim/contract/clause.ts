/** One clause of the contract every ruleset must pass, as checked: what was looked at and what failed. */
export interface Clause {
  /** The clause, in words: 'listed options are accepted'. */
  clause: string;
  ok: boolean;
  /** What was checked, e.g. '3 examples, 412 options'. */
  checked: string;
  /** Each failure, saying where: the example, the round, the option. */
  problems: string[];
}

/** An example encounter as the checks read it: its file name (for messages) and its text. */
export interface ExampleText {
  file: string;
  text: string;
}

/** Keep the first few problems of a kind, and say how many more there were. */
export class Problems {
  readonly list: string[] = [];
  private more = 0;

  constructor(private readonly max = 8) {}

  add(problem: string): void {
    if (this.list.length < this.max) this.list.push(problem);
    else this.more++;
  }

  get count(): number {
    return this.list.length + this.more;
  }

  done(): string[] {
    return this.more ? [...this.list, `… and ${this.more} more`] : [...this.list];
  }
}

export const clause = (name: string, checked: string, problems: Problems): Clause => ({ clause: name, ok: problems.count === 0, checked, problems: problems.done() });
