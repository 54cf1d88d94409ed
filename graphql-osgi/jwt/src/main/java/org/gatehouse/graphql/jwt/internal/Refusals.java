package org.gatehouse.graphql.jwt.internal;

import com.nimbusds.jose.proc.BadJOSEException;
import java.lang.System.Logger.Level;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The 401 texts for tokens Nimbus refused, written by the gateway: which rule the token broke and what to
 * send instead. Nimbus's own message (meant for developers, e.g. "extend class to handle") goes only to the
 * log, under the error id the client sees when no rule below matches.
 */
final class Refusals {
    private static final System.Logger LOG = System.getLogger(Refusals.class.getName());

    private Refusals() {}

    static String reason(BadJOSEException e) {
        String detail = String.valueOf(e.getMessage());
        if (detail.contains("Expired JWT")) {
            return "invalid token: Expired JWT (exp is in the past); log in again for a new token";
        }
        if (detail.contains("before use time")) {
            return "invalid token: not valid yet (nbf is in the future)";
        }
        if (detail.contains("audience")) {
            return "invalid token: its aud is not this gateway's audience";
        }
        if (detail.contains("iss claim")) {
            return "invalid token: its iss is not the configured issuer";
        }
        if (detail.contains("missing required claims")) {
            return "invalid token: it has no exp claim; tokens must expire";
        }
        if (detail.contains("Unsecured") || detail.contains("plain")) {
            return "invalid token: unsigned tokens (alg none) are refused; send a signed JWT";
        }
        if (detail.contains("JWE") || detail.contains("encrypted")) {
            return "invalid token: encrypted tokens (JWE) are not accepted; send a signed JWT";
        }
        if (detail.contains("Invalid signature")) {
            return "invalid token: the signature does not match";
        }
        if (detail.contains("no matching key") || detail.contains("algorithm")) {
            return "invalid token: its algorithm or key is not accepted (HS256 with the Gatehouse secret, or RS/PS/ES with a key"
                    + " of the configured JWKS)";
        }
        String id = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffffffL);
        LOG.log(Level.INFO, "JWT refused, error id " + id + ": " + detail);
        return "invalid token; error id " + id;
    }
}
