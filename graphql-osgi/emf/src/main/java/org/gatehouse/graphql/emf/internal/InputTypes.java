package org.gatehouse.graphql.emf.internal;

import graphql.schema.GraphQLInputObjectField;
import graphql.schema.GraphQLInputObjectType;
import graphql.schema.GraphQLInputType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLTypeReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMappingException;

/**
 * The input types {@code XInput} that mutation parameters need, planned when a parameter asks for one.
 * An input type has the features a client can set: changeable, not derived attributes and containment
 * references (whose classes get input types too); references to objects elsewhere are not inputs. Only
 * concrete classes can be built, since the gateway creates each object with its EFactory.
 */
final class InputTypes {
    private final ModelIndex index;
    private final MappingContext context;
    private final Map<EClass, Map<String, InputField>> plans = new LinkedHashMap<>();

    InputTypes(ModelIndex index) {
        this.index = index;
        this.context = index.context();
    }

    /** Plans the input type of a class, or says why it cannot have one. */
    void require(EClass eClass) {
        String problem = plan(eClass);
        if (problem != null) {
            throw new TypeMappingException(eClass.getName() + "Input: " + problem);
        }
    }

    /** The fields of a planned input type, by name. */
    Map<String, InputField> fields(EClass eClass) {
        return plans.get(eClass);
    }

    List<GraphQLNamedType> types() {
        List<GraphQLNamedType> types = new ArrayList<>();
        plans.forEach((eClass, fields) -> {
            GraphQLInputObjectType.Builder type = GraphQLInputObjectType.newInputObject()
                    .name(eClass.getName() + "Input").description(OutputTypes.doc(eClass));
            fields.forEach((name, field) -> type.field(GraphQLInputObjectField.newInputObjectField()
                    .name(name).type(field.type()).description(OutputTypes.doc(field.feature()))));
            types.add(type.build());
        });
        return types;
    }

    /** Null when the class has (or is getting) an input type, else the reason it cannot. */
    private String plan(EClass eClass) {
        if (plans.containsKey(eClass)) {
            return null;
        }
        if (!OutputTypes.isConcrete(eClass)) {
            return "the class is abstract; only concrete classes can be built from input";
        }
        if (!FeatureTypes.isName(eClass.getName()) || !context.claim(eClass.getName() + "Input", eClass)) {
            return "the GraphQL type name " + eClass.getName() + "Input is illegal or taken";
        }
        Map<String, InputField> fields = new LinkedHashMap<>();
        plans.put(eClass, fields);
        for (EStructuralFeature feature : eClass.getEAllStructuralFeatures()) {
            boolean settable = feature.isChangeable() && !feature.isDerived()
                    && (feature instanceof EAttribute || ((EReference) feature).isContainment());
            if (!settable || !FeatureTypes.isName(feature.getName())) {
                continue;
            }
            String element = eClass.getName() + "Input." + feature.getName();
            try {
                InputField field = field(feature);
                if (field != null) {
                    fields.put(feature.getName(), field);
                }
            } catch (TypeMappingException e) {
                context.leftOut(element, e.getMessage());
            }
        }
        if (fields.isEmpty()) {
            plans.remove(eClass);
            return "no feature of the class can be set from input";
        }
        return null;
    }

    private InputField field(EStructuralFeature feature) {
        if (feature instanceof EReference reference) {
            EClass contained = reference.getEReferenceType();
            String problem = plan(contained);
            if (problem != null) {
                throw new TypeMappingException(problem);
            }
            GraphQLInputType type = GraphQLTypeReference.typeRef(contained.getName() + "Input");
            return new InputField(feature, FeatureTypes.input(feature, type), contained);
        }
        GraphQLInputType type;
        if (feature.getEType() instanceof EEnum eEnum) {
            index.require(eEnum);
            type = GraphQLTypeReference.typeRef(eEnum.getName());
        } else {
            type = FeatureTypes.scalar(context, (EAttribute) feature);
            if (type == null) {
                throw new TypeMappingException(FeatureTypes.noScalar((EAttribute) feature));
            }
        }
        return new InputField(feature, FeatureTypes.input(feature, type), null);
    }
}
