package org.gatehouse.graphql.emf.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gatehouse.graphql.api.GraphqlClientException;
import org.gatehouse.graphql.api.mapping.MappingContext;

/**
 * Builds the EObject a mutation parameter receives from its input value (a map, as graphql-java coerced
 * it): the object is created by its package's EFactory (a generated class or a DynamicEObjectImpl), its
 * attributes set, contained objects built the same way. graphql-java has already checked names, enum
 * literals and required fields against the input type; this checks them again, so a value that did not go
 * through that validation is refused with the path of the offending field (a {@link GraphqlClientException},
 * whose message the client sees), never half applied.
 */
final class EObjectBuilder {
    private final InputTypes inputs;
    private final MappingContext context;

    EObjectBuilder(InputTypes inputs, MappingContext context) {
        this.inputs = inputs;
        this.context = context;
    }

    EObject build(EClass eClass, Object value, String path) {
        if (!(value instanceof Map<?, ?> map)) {
            throw new GraphqlClientException(path + ": expected an input object of type " + eClass.getName() + "Input");
        }
        Map<String, InputField> fields = inputs.fields(eClass);
        for (Object key : map.keySet()) {
            if (!fields.containsKey(key)) {
                throw new GraphqlClientException(path + ": " + eClass.getName() + "Input has no field '" + key + "'");
            }
        }
        EObject object = EcoreUtil.create(eClass);
        for (Map.Entry<String, InputField> entry : fields.entrySet()) {
            InputField field = entry.getValue();
            Object given = map.get(entry.getKey());
            String at = path + "." + entry.getKey();
            if (given == null) {
                if (field.feature().isRequired()) {
                    throw new GraphqlClientException(at + " is required");
                }
            } else if (field.feature().isMany()) {
                @SuppressWarnings("unchecked")
                List<Object> list = (List<Object>) object.eGet(field.feature());
                int i = 0;
                for (Object item : given instanceof Collection<?> items ? items : List.of(given)) {
                    String itemAt = at + "[" + i++ + "]";
                    if (item == null) {
                        throw new GraphqlClientException(itemAt + " is null; lists of EMF features hold no nulls");
                    }
                    Object converted = value(field, item, itemAt);
                    fit(field, converted, itemAt, () -> list.add(converted));
                }
            } else {
                Object converted = value(field, given, at);
                fit(field, converted, at, () -> object.eSet(field.feature(), converted));
            }
        }
        return object;
    }

    /** Sets a value; EMF's ClassCastException for a value of the wrong type becomes a message with the path. */
    private static void fit(InputField field, Object value, String at, Runnable set) {
        try {
            set.run();
        } catch (ClassCastException e) {
            throw new GraphqlClientException(at + ": a " + value.getClass().getSimpleName() + " is not a valid "
                    + field.feature().getEType().getName());
        }
    }

    private Object value(InputField field, Object given, String at) {
        if (field.contained() != null) {
            return build(field.contained(), given, at);
        }
        EDataType type = ((EAttribute) field.feature()).getEAttributeType();
        if (type instanceof EEnum eEnum) {
            // graphql-java gives the literal's instance (the value of the GraphQL enum); anything else is refused
            EEnumLiteral literal = given instanceof Enumerator enumerator ? eEnum.getEEnumLiteral(enumerator.getName()) : null;
            if (literal == null) {
                throw new GraphqlClientException(at + ": '" + given + "' is not a literal of " + eEnum.getName());
            }
            return literal.getInstance();
        }
        Class<?> javaType = type.getInstanceClass();
        if (given instanceof String text && javaType != String.class && javaType != char.class && javaType != Character.class) {
            // an ID arrives as a string whatever the attribute's type: EMF converts it as it does in XMI
            try {
                return EcoreUtil.createFromString(type, text);
            } catch (RuntimeException e) {
                throw new GraphqlClientException(at + ": '" + text + "' is not a valid " + type.getName());
            }
        }
        return context.toJava(given, javaType);
    }
}
