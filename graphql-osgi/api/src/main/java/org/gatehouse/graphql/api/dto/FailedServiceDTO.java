package org.gatehouse.graphql.api.dto;

/** A service, interface or method the gateway could not expose, and why. */
public class FailedServiceDTO {
    /** The interface class could not be loaded through the registering bundle. */
    public static final int FAILURE_CLASS_NOT_FOUND = 1;
    /** Two services or interfaces claim the same root field; the lower-ranked one lost. */
    public static final int FAILURE_SHADOWED = 2;
    /** Overloaded methods map to one field name; the overload with the most parameters is kept. */
    public static final int FAILURE_OVERLOADED = 3;
    /** A parameter or return type cannot be mapped to GraphQL. */
    public static final int FAILURE_UNSUPPORTED_TYPE = 4;
    /** An interface is both a query and a mutation interface. */
    public static final int FAILURE_QUERY_AND_MUTATION = 5;
    /** The root field name ({@code osgi.graphql.query.name}, ... or the interface name) is not a legal GraphQL name. */
    public static final int FAILURE_INVALID_NAME = 6;
    /** Adding the service would make the schema invalid (e.g. its type name is taken by a model type or a scalar). */
    public static final int FAILURE_SCHEMA_CONFLICT = 7;
    /**
     * The service object could not be obtained (e.g. a Declarative Services component that throws in its
     * constructor or activate method); the service is left out until it is modified or registered again.
     */
    public static final int FAILURE_SERVICE_UNAVAILABLE = 8;

    /** {@code service.id} of the OSGi service. */
    public long serviceId;
    /** The interface (and method, if one) concerned. */
    public String element;
    /** One of the FAILURE_ constants. */
    public int failureReason;
    /** Human-readable explanation. */
    public String message;
}
