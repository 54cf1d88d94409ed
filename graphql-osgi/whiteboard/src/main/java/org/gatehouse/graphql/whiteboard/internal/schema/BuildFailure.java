package org.gatehouse.graphql.whiteboard.internal.schema;

import org.gatehouse.graphql.api.dto.FailedServiceDTO;

/** Something a schema build left out, with the {@link FailedServiceDTO} reason code. */
public record BuildFailure(long serviceId, String element, int reason, String message) {

    public FailedServiceDTO toDTO() {
        FailedServiceDTO dto = new FailedServiceDTO();
        dto.serviceId = serviceId;
        dto.element = element;
        dto.failureReason = reason;
        dto.message = message;
        return dto;
    }

    @Override
    public String toString() {
        return "service " + serviceId + " " + element + ": " + message;
    }
}
