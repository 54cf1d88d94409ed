package org.gatehouse.graphql.api.dto;

/** One service interface exposed as a root field. */
public class ServiceDTO {
    /** {@code service.id} of the OSGi service. */
    public long serviceId;
    /** Root field and type name. */
    public String name;
    /** Fully qualified interface name. */
    public String interfaceName;
    /** True for the Mutation root, false for Query. */
    public boolean mutation;
    /** Field names of the type. */
    public String[] fields = new String[0];
}
