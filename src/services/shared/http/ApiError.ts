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

  /** Unknown, gone, or another user's (the server answers 404 for each). */
  get notFound(): boolean {
    return this.status === 404 || this.code === 404;
  }
}

/** Whether a failure is the server's 404: the machines' not-found guards. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.notFound;
}
