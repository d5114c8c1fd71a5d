import { ApiError, type Envelope, type FailDetail } from "../../http/envelope";

/** The error codes of RFC 6749 §5.2 (token endpoint) and RFC 7009 §2.2.1 (revocation). */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "unsupported_token_type";

/** The status each code answers with: invalid_client 401 (with a Basic challenge), the rest 400. */
export const OAUTH_STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_token_type: 400,
};

/** The challenge of a failed client authentication (RFC 6749 §5.2, RFC 7617). */
export const BASIC_CHALLENGE = 'Basic realm="b-iam-account", charset="UTF-8"';

/** The body of an OAuth error: RFC 6749 §5.2 and, beside it, the platform envelope. */
export type OAuthErrorBody = Envelope<{ failDetail: FailDetail[] } | null> & {
  error: OAuthErrorCode;
  error_description: string;
};

/**
 * A failure of the token or revocation endpoint. Its body carries both `{error,
 * error_description}` (what an OAuth library reads) and the platform envelope `{code, msg,
 * data}` (what the console and every other caller of this server read): RFC 6749 §5.2 lets
 * the error object have more members, so one body serves both without a content negotiation.
 */
export class OAuthError extends ApiError {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    failDetail: FailDetail[] = [],
  ) {
    super(OAUTH_STATUS[error], description, failDetail);
    this.name = "OAuthError";
  }

  override toEnvelope(): OAuthErrorBody {
    return { error: this.error, error_description: this.message, ...super.toEnvelope() };
  }
}

/** The OAuth error code for a refusal raised before the handler (validation, content type, size). */
export function oauthCodeOfStatus(status: number): OAuthErrorCode {
  return status === 401 ? "invalid_client" : "invalid_request";
}
