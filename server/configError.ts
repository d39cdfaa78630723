/** A setting that cannot work: main.ts prints the message alone (no stack) and exits 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
