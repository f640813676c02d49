/** What a verified sign-in says about the person (the JWT's claims, as Supabase Auth issues them). */
export interface Claims {
  /** The user's id (a UUID). */
  sub: string;
  email: string;
  /** 'authenticated' for a signed-in person. */
  role: string;
  aud: string;
  /** Seconds since 1970. */
  exp: number;
  iat?: number;
}

/** A request refused for who sent it: 401 when the sign-in is missing or not valid, 403 when the person may not edit. */
export class AuthError extends Error {
  constructor(readonly status: 401 | 403, message: string) {
    super(message);
  }
}
