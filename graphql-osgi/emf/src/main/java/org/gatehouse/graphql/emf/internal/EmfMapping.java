package org.gatehouse.graphql.emf.internal;

import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLTypeReference;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EObject;
import org.gatehouse.graphql.api.GraphqlUnionType;
import org.gatehouse.graphql.api.mapping.MappedInput;
import org.gatehouse.graphql.api.mapping.TypeMapping;
import org.gatehouse.graphql.api.mapping.TypeMappingException;
import org.gatehouse.graphql.emf.GraphqlEClass;

/**
 * The EMF answers of one schema build. A Java class is EMF's when it is a generated model interface or
 * enum (its EClass or EEnum found by instance class), or an {@code EObject} type with
 * {@link GraphqlEClass} on the method or parameter. Values of a class are its interface type; a method
 * with {@code @GraphqlUnionType} returns a union of the listed classes' Impl types; a parameter gets the
 * input type {@code XInput} and receives the EObject built from it.
 */
final class EmfMapping implements TypeMapping {
    private final ModelIndex index;
    private final InputTypes inputs;
    private final EObjectBuilder builder;
    private final Map<String, List<EClass>> unions = new LinkedHashMap<>();

    EmfMapping(ModelIndex index) {
        this.index = index;
        this.inputs = new InputTypes(index);
        this.builder = new EObjectBuilder(inputs, index.context());
    }

    @Override
    public GraphQLOutputType output(Class<?> type, AnnotatedElement source) {
        EClassifier classifier = classifier(type, source);
        if (classifier == null) {
            return null;
        }
        GraphqlUnionType union = source == null ? null : source.getAnnotation(GraphqlUnionType.class);
        if (union != null && classifier instanceof EClass base) {
            return union(base, union.value());
        }
        return GraphQLTypeReference.typeRef(classifier.getName());
    }

    @Override
    public MappedInput input(Class<?> type, AnnotatedElement source) {
        EClassifier classifier = classifier(type, source);
        if (classifier == null) {
            return null;
        }
        if (classifier instanceof EEnum) {
            // graphql-java hands over the literal's instance: the generated Java enum constant
            return new MappedInput(GraphQLTypeReference.typeRef(classifier.getName()), value -> value);
        }
        EClass eClass = (EClass) classifier;
        inputs.require(eClass);
        String name = eClass.getName() + "Input";
        return new MappedInput(GraphQLTypeReference.typeRef(name), value -> builder.build(eClass, value, name));
    }

    @Override
    public Collection<GraphQLNamedType> types() {
        List<GraphQLNamedType> types = new ArrayList<>(OutputTypes.build(index, unions));
        types.addAll(inputs.types());
        return types;
    }

    /** The mapped classifier for a Java type, null when the type is not EMF's. */
    private EClassifier classifier(Class<?> type, AnnotatedElement source) {
        GraphqlEClass named = source == null ? null : source.getAnnotation(GraphqlEClass.class);
        if (named != null) {
            if (!EObject.class.isAssignableFrom(type)) {
                throw new TypeMappingException("@GraphqlEClass names the EClass of EObject values, not of " + type.getName());
            }
            return index.eClass(named.nsURI(), named.value());
        }
        EClassifier classifier = index.classifierFor(type);
        if (classifier == null && EObject.class.isAssignableFrom(type)) {
            throw new TypeMappingException("no EClass is known for " + type.getName()
                    + "; name it with @GraphqlEClass or register its EPackage as a service");
        }
        return classifier;
    }

    private GraphQLOutputType union(EClass base, Class<?>[] members) {
        String name = base.getName() + "Union";
        List<EClass> classes = new ArrayList<>();
        for (Class<?> member : members) {
            if (!(index.classifierFor(member) instanceof EClass eClass) || !OutputTypes.isConcrete(eClass)) {
                throw new TypeMappingException("union member " + member.getName() + " is not a concrete EMF class");
            }
            classes.add(eClass);
        }
        if (classes.isEmpty()) {
            throw new TypeMappingException("union " + name + " lists no member");
        }
        if (!index.context().claim(name, classes)) {
            throw new TypeMappingException("the union name " + name + " is taken (another union with other members, or a type)");
        }
        unions.put(name, List.copyOf(classes));
        return GraphQLTypeReference.typeRef(name);
    }
}
