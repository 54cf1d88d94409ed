package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Gateways that require the Gatehouse JWT authenticator: one with the HS256 secret (a token issued by
 * @gatehouse/auth passes), one with a JWKS served over HTTP (ES256 tokens), one whose authenticator is
 * missing (503, never unauthenticated access).
 */
class AuthenticatorHttpTest extends RuntimeTestBase {
    private static final String QUERY = "{\"query\":\"{ CallerService { whoami } }\"}";
    private static final Properties GATEHOUSE = new Properties();
    private static Bundle testBundle;
    private static HttpServer jwksServer;
    private static ECKey signingKey;
    private static Path secretFile;

    @BeforeAll
    static void gateways() throws Exception {
        try (InputStream in = AuthenticatorHttpTest.class.getResourceAsStream("/gatehouse-token.properties")) {
            GATEHOUSE.load(in);
        }
        secretFile = Files.createTempFile("gatehouse-secret", "");
        Files.writeString(secretFile, GATEHOUSE.getProperty("secret") + "\n");
        signingKey = new ECKeyGenerator(Curve.P_256).keyID("k1").generate();
        byte[] jwks = new JWKSet(signingKey.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
        jwksServer = FixedServer.start("application/json", jwks);
        testBundle = fixture.installTestBundle();
        fixture.createConfiguration("GatehouseJwtAuthenticator", "secret", Map.of("name", "gatehouse",
                "secret.file", secretFile.toString(), "audience", "gatehouse"));
        fixture.createConfiguration("GatehouseJwtAuthenticator", "jwks", Map.of("name", "idp",
                "jwks.url", FixedServer.origin(jwksServer) + "/jwks.json", "issuer", "https://id.example"));
        fixture.createGateway("auth", Map.of("osgi.http.whiteboard.servlet.pattern", "/auth/graphql/*",
                "osgi.graphql.authenticator", "(name=gatehouse)"));
        fixture.createGateway("idp", Map.of("osgi.http.whiteboard.servlet.pattern", "/idp/graphql/*",
                "osgi.graphql.authenticator", "(name=idp)"));
        fixture.createGateway("locked", Map.of("osgi.http.whiteboard.servlet.pattern", "/locked/graphql/*",
                "osgi.graphql.authenticator", "(name=nobody)"));
        awaitStatus("/auth/graphql", 401);
        awaitStatus("/idp/graphql", 401);
        awaitStatus("/locked/graphql", 503);
    }

    @AfterAll
    static void cleanUp() throws Exception {
        if (testBundle != null) {
            testBundle.uninstall();
        }
        if (jwksServer != null) {
            jwksServer.stop(0);
        }
        Files.deleteIfExists(secretFile);
    }

    /** Waits until the gateway is up (and its schema has the caller service) and answers a token-less request with {@code status}. */
    private static void awaitStatus(String path, int status) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        int last = 0;
        while (System.nanoTime() < deadline) {
            last = fixture.post(path, "application/json", QUERY).statusCode();
            if (last == status) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(path + " answered " + last + ", expected " + status);
    }

    private static HttpResponse<String> call(String path, String... headers) throws Exception {
        return fixture.post(path, "application/json", QUERY, headers);
    }

    private static String whoami(HttpResponse<String> response) throws Exception {
        assertEquals(200, response.statusCode(), response.body());
        return fixture.json.readTree(response.body()).at("/data/CallerService/whoami").asText();
    }

    @Test
    void aTokenIssuedByGatehouseAuthPassesInTheHeaderOrAsBearer() throws Exception {
        String token = GATEHOUSE.getProperty("token");
        assertEquals("alice", whoami(call("/auth/graphql", "X-JWT", token)));
        assertEquals("alice", whoami(call("/auth/graphql", "Authorization", "Bearer " + token)));
    }

    @Test
    void theCookieNeedsTheXsrfHeader() throws Exception {
        String cookie = "JWT=" + GATEHOUSE.getProperty("token") + "; XSRF-TOKEN=" + GATEHOUSE.getProperty("jti");
        HttpResponse<String> withoutXsrf = call("/auth/graphql", "Cookie", cookie);
        assertEquals(401, withoutXsrf.statusCode());
        assertTrue(withoutXsrf.body().contains("X-XSRF-TOKEN"), withoutXsrf.body());
        assertEquals("alice", whoami(call("/auth/graphql", "Cookie", cookie, "X-XSRF-TOKEN", GATEHOUSE.getProperty("jti"))));
    }

    @Test
    void missingForgedExpiredOrForeignTokensAre401() throws Exception {
        HttpResponse<String> none = call("/auth/graphql");
        assertEquals(401, none.statusCode());
        assertEquals("Bearer", none.headers().firstValue("WWW-Authenticate").orElse(""));
        String token = GATEHOUSE.getProperty("token");
        String forged = token.substring(0, token.length() - 4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
        assertEquals(401, call("/auth/graphql", "X-JWT", forged).statusCode());
        String expired = hs256(new JWTClaimsSet.Builder().subject("bob").audience("gatehouse")
                .expirationTime(new Date(System.currentTimeMillis() - 600_000)).build());
        HttpResponse<String> late = call("/auth/graphql", "X-JWT", expired);
        assertEquals(401, late.statusCode());
        assertTrue(late.body().contains("Expired JWT"), late.body());
        String otherSite = hs256(new JWTClaimsSet.Builder().subject("bob").audience("other")
                .expirationTime(new Date(System.currentTimeMillis() + 600_000)).build());
        assertEquals(401, call("/auth/graphql", "X-JWT", otherSite).statusCode(), "audience checked");
        String handshake = hs256(new JWTClaimsSet.Builder().subject("bob").audience("gatehouse").claim("gh_hs", true)
                .expirationTime(new Date(System.currentTimeMillis() + 600_000)).build());
        assertEquals(401, call("/auth/graphql", "X-JWT", handshake).statusCode(), "a handshake token is no session token");
        String unsigned = new com.nimbusds.jwt.PlainJWT(new JWTClaimsSet.Builder().subject("bob").audience("gatehouse")
                .expirationTime(new Date(System.currentTimeMillis() + 600_000)).build()).serialize();
        HttpResponse<String> plain = call("/auth/graphql", "X-JWT", unsigned);
        assertEquals(401, plain.statusCode());
        assertTrue(plain.body().contains("unsigned tokens (alg none) are refused") && !plain.body().contains("extend class"), plain.body());
        assertEquals(401, fixture.get("/auth/graphql/schema.graphqls").statusCode(), "the schema needs a token too");
        assertEquals(200, fixture.get("/auth/graphql/schema.graphqls", "X-JWT", token).statusCode());
    }

    @Test
    void tokensOfAJwksIssuer() throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("k1").build(),
                new JWTClaimsSet.Builder().subject("svc-42").issuer("https://id.example")
                        .expirationTime(new Date(System.currentTimeMillis() + 600_000)).build());
        jwt.sign(new ECDSASigner(signingKey));
        assertEquals("svc-42", whoami(call("/idp/graphql", "Authorization", "Bearer " + jwt.serialize())));
        assertEquals(401, call("/idp/graphql", "X-JWT", GATEHOUSE.getProperty("token")).statusCode(), "HS256 is not accepted there");
    }

    @Test
    void aMissingAuthenticatorLocksTheGateway() throws Exception {
        HttpResponse<String> response = call("/locked/graphql", "X-JWT", GATEHOUSE.getProperty("token"));
        assertEquals(503, response.statusCode());
        assertTrue(response.body().contains("the authenticator of this gateway is not available"), response.body());
    }

    private static String hs256(JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        jwt.sign(new MACSigner(GATEHOUSE.getProperty("secret").getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }
}
