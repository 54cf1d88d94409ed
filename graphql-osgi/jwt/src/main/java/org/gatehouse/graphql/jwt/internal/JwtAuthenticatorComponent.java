package org.gatehouse.graphql.jwt.internal;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.Map;
import org.gatehouse.graphql.api.GraphqlAuthenticationException;
import org.gatehouse.graphql.api.GraphqlAuthenticator;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * A {@link GraphqlAuthenticator} that accepts JWTs: those Gatehouse issues (HS256 with its signing
 * secret) or those of any issuer publishing a JWKS. One per configuration
 * {@code GatehouseJwtAuthenticator~<name>}; the configuration's properties (e.g. {@code name=gatehouse})
 * become service properties, so a gateway selects it with {@code osgi.graphql.authenticator=(name=gatehouse)}.
 */
@Component(name = JwtAuthenticatorComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = GraphqlAuthenticator.class)
public class JwtAuthenticatorComponent implements GraphqlAuthenticator {
    static final String PID = "GatehouseJwtAuthenticator";

    private JwtVerifier verifier;

    @Activate
    void activate(Map<String, Object> properties) {
        verifier = new JwtVerifier(JwtSettings.from(properties, System::getenv));
    }

    @Override
    public Principal authenticate(HttpServletRequest request) throws GraphqlAuthenticationException {
        TokenReader.Found found = TokenReader.read(request);
        if (found == null) {
            throw new GraphqlAuthenticationException("authentication required: send a JWT in X-JWT or Authorization: Bearer",
                    JwtVerifier.CHALLENGE);
        }
        return verifier.verify(found);
    }
}
