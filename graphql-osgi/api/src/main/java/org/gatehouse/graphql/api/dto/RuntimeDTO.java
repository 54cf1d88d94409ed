package org.gatehouse.graphql.api.dto;

/** The state of one gateway. Public fields, as OSGi DTOs have. */
public class RuntimeDTO {
    /** Number of successful schema builds since activation. */
    public long changeCount;
    /** Number of failed builds; the last good schema stays in use after a failure. */
    public long failedBuildCount;
    /** Message of the last failed build, null once a later build succeeds. */
    public String lastBuildError;
    /** Services whose interfaces are part of the schema. */
    public ServiceDTO[] services = new ServiceDTO[0];
    /** Services (or parts of them) left out, with the reason. */
    public FailedServiceDTO[] failedServices = new FailedServiceDTO[0];
}
