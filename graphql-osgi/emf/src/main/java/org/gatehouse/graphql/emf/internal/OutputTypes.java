package org.gatehouse.graphql.emf.internal;

import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLEnumType;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInterfaceType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLTypeReference;
import graphql.schema.GraphQLUnionType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EModelElement;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gatehouse.graphql.api.mapping.MappingContext;

/**
 * The output types of a {@link ModelIndex}: for every class {@code X} an {@code interface X} with its own
 * and inherited features and, when it is concrete, {@code type XImpl implements X & <every supertype>};
 * an enum per EEnum; the unions that {@code @GraphqlUnionType} asked for. Descriptions come from the
 * GenModel documentation annotations.
 */
final class OutputTypes {
    private OutputTypes() {}

    static List<GraphQLNamedType> build(ModelIndex index, Map<String, List<EClass>> unions) {
        MappingContext context = index.context();
        GraphQLCodeRegistry.Builder code = context.codeRegistry();
        Map<EClass, List<OutputField>> classes = index.classes();
        List<GraphQLNamedType> types = new ArrayList<>();
        for (Map.Entry<EClass, List<OutputField>> entry : classes.entrySet()) {
            EClass eClass = entry.getKey();
            String name = eClass.getName();
            GraphQLInterfaceType.Builder face = GraphQLInterfaceType.newInterface().name(name).description(doc(eClass));
            entry.getValue().forEach(field -> face.field(definition(field)));
            types.add(face.build());
            code.typeResolver(name, new EClassResolver(concreteSubtypes(eClass, classes.keySet())));
            if (isConcrete(eClass)) {
                types.add(impl(eClass, entry.getValue(), classes.keySet(), context));
            }
        }
        for (EEnum eEnum : index.enums()) {
            types.add(enumType(eEnum, context));
        }
        unions.forEach((name, members) -> {
            GraphQLUnionType.Builder union = GraphQLUnionType.newUnionType().name(name);
            members.forEach(member -> union.possibleType(GraphQLTypeReference.typeRef(member.getName() + "Impl")));
            types.add(union.build());
            code.typeResolver(name, new EClassResolver(Set.copyOf(members)));
        });
        return types;
    }

    static boolean isConcrete(EClass eClass) {
        return !eClass.isAbstract() && !eClass.isInterface();
    }

    private static GraphQLObjectType impl(EClass eClass, List<OutputField> fields, Set<EClass> mapped, MappingContext context) {
        String name = eClass.getName() + "Impl";
        GraphQLObjectType.Builder type = GraphQLObjectType.newObject().name(name).description(doc(eClass))
                .withInterface(GraphQLTypeReference.typeRef(eClass.getName()));
        for (EClass parent : eClass.getEAllSuperTypes()) {
            if (mapped.contains(parent)) {
                type.withInterface(GraphQLTypeReference.typeRef(parent.getName()));
            }
        }
        for (OutputField field : fields) {
            type.field(definition(field));
            context.codeRegistry().dataFetcher(FieldCoordinates.coordinates(name, field.feature().getName()),
                    new FeatureFetcher(field.feature(), context));
        }
        return type.build();
    }

    private static Set<EClass> concreteSubtypes(EClass eClass, Set<EClass> mapped) {
        Set<EClass> result = new LinkedHashSet<>();
        for (EClass other : mapped) {
            if (isConcrete(other) && (other == eClass || eClass.isSuperTypeOf(other))) {
                result.add(other);
            }
        }
        return result;
    }

    private static GraphQLEnumType enumType(EEnum eEnum, MappingContext context) {
        GraphQLEnumType.Builder type = GraphQLEnumType.newEnum().name(eEnum.getName()).description(doc(eEnum));
        for (EEnumLiteral literal : eEnum.getELiterals()) {
            if (FeatureTypes.isName(literal.getName()) && !List.of("true", "false", "null").contains(literal.getName())) {
                type.value(literal.getName(), literal.getInstance(), doc(literal));
            } else {
                context.leftOut(eEnum.getName() + "." + literal.getName(), "not a legal GraphQL enum value");
            }
        }
        return type.build();
    }

    private static GraphQLFieldDefinition definition(OutputField field) {
        return GraphQLFieldDefinition.newFieldDefinition()
                .name(field.feature().getName())
                .type(field.type())
                .description(doc(field.feature()))
                .build();
    }

    static String doc(EModelElement element) {
        return EcoreUtil.getDocumentation(element);
    }
}
