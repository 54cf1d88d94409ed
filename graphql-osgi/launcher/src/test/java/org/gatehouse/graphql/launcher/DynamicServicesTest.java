package org.gatehouse.graphql.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gatehouse.graphql.launcher.services.FarewellService;
import org.gatehouse.graphql.launcher.services.Greeter;
import org.gatehouse.graphql.launcher.services.GreetingService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.PrototypeServiceFactory;
import org.osgi.framework.ServiceRegistration;

/** Services registered, modified and removed while the gateway runs change its schema. */
class DynamicServicesTest extends RuntimeTestBase {
    /** Each test removes its services; wait until both gateways dropped them so tests do not see stale fields. */
    @AfterEach
    void awaitCleanSchemas() throws Exception {
        fixture.awaitSchema("/graphql", sdl -> !sdl.contains("Greet") && !sdl.contains("Farewell"));
        fixture.awaitSchema("/special/graphql", sdl -> !sdl.contains("Greet") && !sdl.contains("Farewell"));
    }

    private static Hashtable<String, Object> queryService() {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("osgi.graphql.query.marker", true);
        return properties;
    }

    private static ServiceRegistration<?> register(Object service, Hashtable<String, Object> properties) {
        return fixture.context().registerService(new String[] {GreetingService.class.getName()}, service, properties);
    }

    @Test
    void registeringAndUnregisteringChangesTheSchemaAndTheChangeCount() throws Exception {
        long before = fixture.changeCount("/graphql/*");
        ServiceRegistration<?> registration = register(new Greeter(), queryService());
        try {
            fixture.awaitSchema("/graphql", sdl -> sdl.contains("GreetingService"));
            JsonNode json = fixture.query("/graphql", "{ GreetingService { hello(name: \"OSGi\") big } }", Map.of());
            assertEquals("{\"data\":{\"GreetingService\":{\"hello\":\"Hello OSGi\",\"big\":9007199254740993}}}", json.toString());
            assertTrue(fixture.changeCount("/graphql/*") > before);
        } finally {
            registration.unregister();
        }
        long registered = fixture.changeCount("/graphql/*");
        fixture.awaitSchema("/graphql", sdl -> !sdl.contains("GreetingService"));
        assertTrue(fixture.changeCount("/graphql/*") > registered);
    }

    @Test
    void modifiedPropertiesRenameTheRootField() throws Exception {
        ServiceRegistration<?> registration = register(new Greeter(), queryService());
        try {
            fixture.awaitSchema("/graphql", sdl -> sdl.contains("GreetingService"));
            Hashtable<String, Object> renamed = queryService();
            renamed.put("osgi.graphql.query.name", "Greetings");
            registration.setProperties(renamed);
            fixture.awaitSchema("/graphql", sdl -> sdl.contains("Greetings: Greetings!") && !sdl.contains("GreetingService"));
            assertEquals("Hello you", fixture.query("/graphql", "{ Greetings { hello(name: \"you\") } }", Map.of())
                    .at("/data/Greetings/hello").asText());
        } finally {
            registration.unregister();
        }
    }

    @Test
    void prototypeServicesGiveOneInstancePerRequestAndAreReleased() throws Exception {
        AtomicInteger gets = new AtomicInteger();
        AtomicInteger ungets = new AtomicInteger();
        PrototypeServiceFactory<Object> factory = new PrototypeServiceFactory<>() {
            @Override
            public Object getService(Bundle bundle, ServiceRegistration<Object> registration) {
                gets.incrementAndGet();
                return new Greeter();
            }

            @Override
            public void ungetService(Bundle bundle, ServiceRegistration<Object> registration, Object service) {
                ungets.incrementAndGet();
            }
        };
        ServiceRegistration<?> registration = register(factory, queryService());
        try {
            fixture.awaitSchema("/graphql", sdl -> sdl.contains("GreetingService"));
            int before = gets.get();
            fixture.query("/graphql", "{ GreetingService { a: hello(name: \"a\") b: hello(name: \"b\") big } }", Map.of());
            assertEquals(1, gets.get() - before, "one instance for the whole request");
            assertEquals(gets.get(), ungets.get(), "every instance released at the end of its request");
            fixture.query("/graphql", "{ GreetingService { hello(name: \"c\") } }", Map.of());
            assertEquals(2, gets.get() - before, "a new instance for the next request");
            assertEquals(gets.get(), ungets.get());
        } finally {
            registration.unregister();
        }
    }

    @Test
    void serviceDisappearingMidRequestStillAnswersThatRequest() throws Exception {
        Greeter greeter = new Greeter();
        ServiceRegistration<?> registration = register(greeter, queryService());
        fixture.awaitSchema("/graphql", sdl -> sdl.contains("GreetingService"));
        CompletableFuture<HttpResponse<String>> inFlight = CompletableFuture.supplyAsync(() -> {
            try {
                return fixture.post("/graphql", "application/json", "{\"query\":\"{ GreetingService { slow } }\"}");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(greeter.entered.await(20, TimeUnit.SECONDS), "the request reached the service");
        registration.unregister();
        fixture.awaitSchema("/graphql", sdl -> !sdl.contains("GreetingService"));
        greeter.release.countDown();
        HttpResponse<String> response = inFlight.get(20, TimeUnit.SECONDS);
        assertEquals(200, response.statusCode());
        assertEquals("{\"data\":{\"GreetingService\":{\"slow\":\"finished\"}}}", response.body());
        JsonNode after = fixture.json.readTree(fixture.post("/graphql", "application/json", "{\"query\":\"{ GreetingService { slow } }\"}").body());
        assertEquals("ValidationError", after.at("/errors/0/extensions/classification").asText());
    }

    @Test
    void unmappableServicesAreLeftOutAndReportedWhileEverythingElseKeepsWorking() throws Exception {
        Hashtable<String, Object> clashing = queryService();
        clashing.put("osgi.graphql.query.name", "Person");
        Hashtable<String, Object> illegal = queryService();
        illegal.put("osgi.graphql.query.name", "my-service");
        ServiceRegistration<?> person = register(new Greeter(), clashing);
        ServiceRegistration<?> dashed = register(new Greeter(), illegal);
        long personId = (Long) person.getReference().getProperty("service.id");
        long dashedId = (Long) dashed.getReference().getProperty("service.id");
        try {
            Map<Long, Integer> reasons = new java.util.HashMap<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (reasons.size() < 2 && System.nanoTime() < deadline) {
                reasons.clear();
                for (Object failed : (Object[]) fixture.runtimeDto("/graphql/*", "failedServices")) {
                    long id = (Long) failed.getClass().getField("serviceId").get(failed);
                    if (id == personId || id == dashedId) {
                        reasons.put(id, (Integer) failed.getClass().getField("failureReason").get(failed));
                    }
                }
                Thread.sleep(50);
            }
            assertEquals(Map.of(personId, 7, dashedId, 6), reasons, "FAILURE_SCHEMA_CONFLICT and FAILURE_INVALID_NAME");
            assertNull(fixture.runtimeDto("/graphql/*", "lastBuildError"), "the builds themselves succeed");
            assertEquals("Gera", fixture.query("/graphql", "{ AddressService { getAddresses(id: \"a1\") { city residents { name } } } }", Map.of())
                    .at("/data/AddressService/getAddresses/0/city").asText(), "the model type Person still works");
            // later changes still apply while the bad services stay registered
            ServiceRegistration<?> good = register(new Greeter(), queryService());
            try {
                fixture.awaitSchema("/graphql", sdl -> sdl.contains("GreetingService: GreetingService!"));
                assertEquals("Hello later", fixture.query("/graphql", "{ GreetingService { hello(name: \"later\") } }", Map.of())
                        .at("/data/GreetingService/hello").asText());
            } finally {
                good.unregister();
            }
            fixture.awaitSchema("/graphql", sdl -> !sdl.contains("GreetingService"));
        } finally {
            person.unregister();
            dashed.unregister();
        }
    }

    @Test
    void interfacesOfOneServiceSharingANameMergeIntoOneType() throws Exception {
        Hashtable<String, Object> properties = queryService();
        properties.put("osgi.graphql.query.name", "Greetings");
        ServiceRegistration<?> registration = fixture.context().registerService(
                new String[] {GreetingService.class.getName(), FarewellService.class.getName()}, new Greeter(), properties);
        try {
            fixture.awaitSchema("/graphql", sdl -> sdl.contains("Greetings: Greetings!"));
            JsonNode json = fixture.query("/graphql", "{ Greetings { hello(name: \"a\") bye(name: \"b\") } }", Map.of());
            assertEquals("{\"data\":{\"Greetings\":{\"hello\":\"Hello a\",\"bye\":\"Bye b\"}}}", json.toString());
        } finally {
            registration.unregister();
        }
    }

    @Test
    void oneServiceCanOfferAQueryAndAMutationInterface() throws Exception {
        Hashtable<String, Object> properties = queryService();
        properties.put("osgi.graphql.query.service", new String[] {GreetingService.class.getName()});
        properties.put("osgi.graphql.mutation.marker", true);
        properties.put("osgi.graphql.mutation.service", new String[] {FarewellService.class.getName()});
        ServiceRegistration<?> registration = fixture.context().registerService(
                new String[] {GreetingService.class.getName(), FarewellService.class.getName()}, new Greeter(), properties);
        try {
            String sdl = fixture.awaitSchema("/graphql", s -> s.contains("FarewellService: FarewellService!"));
            assertTrue(sdl.contains("GreetingService: GreetingService!"), sdl);
            assertEquals("Bye m", fixture.query("/graphql", "mutation { FarewellService { bye(name: \"m\") } }", Map.of())
                    .at("/data/FarewellService/bye").asText());
            assertEquals("ValidationError", fixture.query("/graphql", "{ FarewellService { bye(name: \"q\") } }", Map.of())
                    .at("/errors/0/extensions/classification").asText(), "a mutation interface is not on Query");
        } finally {
            registration.unregister();
        }
    }

    @Test
    void targetFilterSelectsTheGateway() throws Exception {
        Hashtable<String, Object> properties = queryService();
        properties.put("osgi.graphql.target", "(osgi.http.whiteboard.servlet.pattern=/special/graphql/*)");
        ServiceRegistration<?> registration = register(new Greeter(), properties);
        try {
            fixture.awaitSchema("/special/graphql", sdl -> sdl.contains("GreetingService"));
            assertTrue(!fixture.get("/graphql/schema.graphqls").body().contains("GreetingService"), "not on the default gateway");
        } finally {
            registration.unregister();
        }
    }
}
