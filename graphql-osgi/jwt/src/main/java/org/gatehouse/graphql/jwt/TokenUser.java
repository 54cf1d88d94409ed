package org.gatehouse.graphql.jwt;

import java.security.Principal;
import java.util.Map;

/**
 * The caller of a request that presented a valid JWT. A service method reads it from the GraphQL
 * context: {@code (TokenUser) env.getGraphQlContext().get(Principal.class)}.
 *
 * @param name the Gatehouse user's {@code name}, else the token's {@code sub}
 * @param id the Gatehouse user's {@code id}, else the token's {@code sub}
 * @param claims every claim of the verified token ({@code user}, {@code aud}, {@code exp}, ...)
 */
public record TokenUser(String name, String id, Map<String, Object> claims) implements Principal {
    public TokenUser {
        claims = Map.copyOf(claims);
    }

    @Override
    public String getName() {
        return name;
    }
}
