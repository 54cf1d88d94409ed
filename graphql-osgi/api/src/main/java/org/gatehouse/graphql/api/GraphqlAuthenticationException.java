package org.gatehouse.graphql.api;

/**
 * A {@link GraphqlAuthenticator} refusing a request: 401 (no or bad credentials; {@code challenge} becomes
 * the {@code WWW-Authenticate} header) or 403 (authenticated but not allowed). The message goes to the
 * client as a GraphQL error.
 */
public class GraphqlAuthenticationException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String challenge;

    /** A 401 answer with the given {@code WWW-Authenticate} challenge (e.g. {@code Bearer}), or none when null. */
    public GraphqlAuthenticationException(String message, String challenge) {
        this(401, message, challenge);
    }

    /**
     * @param status 401 or 403
     * @throws IllegalArgumentException for any other status
     */
    public GraphqlAuthenticationException(int status, String message, String challenge) {
        super(message);
        if (status != 401 && status != 403) {
            throw new IllegalArgumentException("an authentication failure answers 401 or 403, not " + status);
        }
        this.status = status;
        this.challenge = challenge;
    }

    /** 401 or 403. */
    public int status() {
        return status;
    }

    /** The {@code WWW-Authenticate} value of a 401 answer, or null. */
    public String challenge() {
        return challenge;
    }
}
