package org.gatehouse.graphql.emf.internal;

import java.util.Collection;
import java.util.function.Supplier;
import org.eclipse.emf.ecore.EPackage;
import org.gatehouse.graphql.api.mapping.GraphqlTypeMapper;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMapping;

/** The EMF type mapper: each build starts from the EPackages registered as services at that moment. */
public final class EmfTypeMapper implements GraphqlTypeMapper {
    private final Supplier<Collection<EPackage>> registered;

    public EmfTypeMapper(Supplier<Collection<EPackage>> registered) {
        this.registered = registered;
    }

    @Override
    public TypeMapping startBuild(MappingContext context) {
        return new EmfMapping(new ModelIndex(context, registered.get()));
    }
}
