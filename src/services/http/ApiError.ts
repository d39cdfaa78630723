/** A failed call: `status` is the HTTP status (0 for a network failure), `code` the body code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get unauthorized(): boolean {
    return this.status === 401 || this.code === 401;
  }
}
