package org.gatehouse.graphql.jwt.internal;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Finds the token of a request where Gatehouse clients put it: the {@code X-JWT} header, an
 * {@code Authorization: Bearer} header, or the {@code JWT} cookie. A cookie token only counts together
 * with the {@code X-XSRF-TOKEN} header, which the authenticator compares with the token's {@code jti}
 * (what Gatehouse does), so a cross-site page cannot borrow a browser's cookie. Tokens in the URL are
 * not read: URLs end up in logs.
 */
final class TokenReader {
    static final String HEADER = "X-JWT";
    static final String COOKIE = "JWT";
    static final String XSRF_HEADER = "X-XSRF-TOKEN";

    /** A token and, for a cookie token, the XSRF value that must equal its {@code jti} (else null). */
    record Found(String token, String xsrf, boolean fromCookie) {}

    private TokenReader() {}

    static Found read(HttpServletRequest request) {
        String header = request.getHeader(HEADER);
        if (header != null && !header.isBlank()) {
            return new Found(header.trim(), null, false);
        }
        String authorization = request.getHeader("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return new Found(authorization.substring(7).trim(), null, false);
        }
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (COOKIE.equals(cookie.getName()) && !cookie.getValue().isBlank()) {
                    return new Found(cookie.getValue(), request.getHeader(XSRF_HEADER), true);
                }
            }
        }
        return null;
    }
}
