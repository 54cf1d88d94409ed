package org.gatehouse.graphql.jwt.internal;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.proc.SingleKeyJWSKeySelector;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.net.MalformedURLException;
import java.text.ParseException;
import java.util.Map;
import java.util.Set;
import javax.crypto.spec.SecretKeySpec;
import org.gatehouse.graphql.api.GraphqlAuthenticationException;
import org.gatehouse.graphql.jwt.TokenUser;

/**
 * Verifies tokens with Nimbus JOSE+JWT: the signature (HS256 with the secret only, or the asymmetric
 * algorithms of a JWKS, whose keys are fetched and cached by Nimbus), {@code exp} required, {@code nbf},
 * the configured {@code aud} and {@code iss}. Gatehouse handshake tokens ({@code gh_hs}) never pass.
 * Every refusal is a 401 with a short reason; the token itself is never echoed.
 */
final class JwtVerifier {
    static final String CHALLENGE = "Bearer";
    private static final Set<JWSAlgorithm> JWKS_ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    JwtVerifier(JwtSettings settings) {
        if (settings.secret() != null) {
            processor.setJWSKeySelector(new SingleKeyJWSKeySelector<>(JWSAlgorithm.HS256,
                    new SecretKeySpec(settings.secret(), "HmacSHA256")));
        } else {
            try {
                processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWKS_ALGORITHMS,
                        JWKSourceBuilder.create(settings.jwks().toURL()).retrying(true).build()));
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException(JwtSettings.JWKS_URL + " is not a URL: " + e.getMessage(), e);
            }
        }
        JWTClaimsSet exact = settings.issuer() == null ? null : new JWTClaimsSet.Builder().issuer(settings.issuer()).build();
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(settings.audience(), exact, Set.of("exp")));
    }

    TokenUser verify(TokenReader.Found found) throws GraphqlAuthenticationException {
        JWTClaimsSet claims;
        try {
            claims = processor.process(found.token(), null);
        } catch (ParseException e) {
            throw refused("malformed token");
        } catch (BadJOSEException e) {
            throw refused(Refusals.reason(e));
        } catch (JOSEException e) {
            throw refused("token could not be verified");
        }
        if (claims.getClaim("gh_hs") != null) {
            throw refused("invalid token: a handshake token is no session token");
        }
        if (found.fromCookie() && (found.xsrf() == null || !found.xsrf().equals(claims.getJWTID()))) {
            throw refused("a JWT cookie needs the X-XSRF-TOKEN header (the XSRF-TOKEN cookie's value)");
        }
        return user(claims);
    }

    private static TokenUser user(JWTClaimsSet claims) throws GraphqlAuthenticationException {
        Map<String, Object> all = claims.getClaims();
        String name = claims.getSubject();
        String id = claims.getSubject();
        if (all.get("user") instanceof Map<?, ?> user) {
            name = user.get("name") instanceof String n ? n : name;
            id = user.get("id") instanceof String i ? i : id;
        }
        if (name == null) {
            throw refused("invalid token: neither a user nor a subject");
        }
        return new TokenUser(name, id == null ? name : id, copyWithoutNulls(all));
    }

    private static Map<String, Object> copyWithoutNulls(Map<String, Object> claims) {
        Map<String, Object> copy = new java.util.HashMap<>();
        claims.forEach((key, value) -> {
            if (value != null) {
                copy.put(key, value);
            }
        });
        return copy;
    }

    private static GraphqlAuthenticationException refused(String reason) {
        return new GraphqlAuthenticationException(reason, CHALLENGE);
    }
}
