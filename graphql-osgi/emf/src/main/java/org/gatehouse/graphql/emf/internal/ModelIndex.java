package org.gatehouse.graphql.emf.internal;

import graphql.schema.GraphQLOutputType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLTypeReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.xml.namespace.XMLNamespacePackage;
import org.eclipse.emf.ecore.xml.type.XMLTypePackage;
import org.gatehouse.graphql.api.mapping.MappingContext;
import org.gatehouse.graphql.api.mapping.TypeMappingException;

/**
 * The EMF model of one schema build: the EPackages in it and the output fields of each of their classes.
 * A package comes in when it is registered as a service, when a service's types reach it, or when a class
 * already in the index refers to it; its classes and enums claim their GraphQL names then. A class is left
 * out (and reported) when its name is illegal or taken, or when no feature of it can be mapped; a feature
 * is left out when its type cannot be mapped or leads to a class that was left out.
 */
final class ModelIndex {
    /** Ecore's own packages describe models; their classes (EClass, EObject, ...) are never mapped. */
    private static final Set<String> ECORE_ITSELF = Set.of(EcorePackage.eNS_URI, XMLTypePackage.eNS_URI, XMLNamespacePackage.eNS_URI);

    private final MappingContext context;
    private final Map<String, EPackage> packages = new LinkedHashMap<>();
    private final Map<EClass, List<OutputField>> classes = new LinkedHashMap<>();
    private final Set<EEnum> enums = new LinkedHashSet<>();
    private final Map<Class<?>, EClassifier> byJavaClass = new HashMap<>();
    private final Map<EClassifier, String> leftOut = new HashMap<>();

    ModelIndex(MappingContext context, Collection<EPackage> registered) {
        this.context = context;
        registered.forEach(this::add);
    }

    /** The mapped classes with their fields, in the order they came in. */
    Map<EClass, List<OutputField>> classes() {
        return classes;
    }

    Set<EEnum> enums() {
        return enums;
    }

    MappingContext context() {
        return context;
    }

    /**
     * The classifier whose instance class is {@code type}: from the packages in the index, or from the
     * generated package found next to the class ({@link GeneratedPackages}). Null for a class that is not
     * part of a generated model.
     */
    EClassifier classifierFor(Class<?> type) {
        EClassifier known = byJavaClass.get(type);
        if (known == null) {
            EPackage found = GeneratedPackages.of(type);
            if (found != null) {
                add(found);
                known = byJavaClass.get(type);
            }
        }
        return known == null ? null : require(known);
    }

    /** The class {@code name} of the package {@code nsURI}, which must be in the index. */
    EClass eClass(String nsURI, String name) {
        EPackage ePackage = packages.get(nsURI);
        if (ePackage == null) {
            throw new TypeMappingException("no EPackage " + nsURI + " is in the schema; register it as an EPackage service");
        }
        if (!(ePackage.getEClassifier(name) instanceof EClass eClass)) {
            throw new TypeMappingException("EPackage " + nsURI + " has no EClass " + name);
        }
        return (EClass) require(eClass);
    }

    /** The classifier if it is mapped; otherwise the reason it is not, as a TypeMappingException. */
    EClassifier require(EClassifier classifier) {
        add(classifier.getEPackage());
        if (classes.containsKey(classifier) || enums.contains(classifier)) {
            return classifier;
        }
        String reason = leftOut.getOrDefault(classifier, "it is not part of the schema");
        throw new TypeMappingException(classifier.getName() + " is left out: " + reason);
    }

    /** Adds a package, the packages its classes refer to and all their subpackages. */
    void add(EPackage root) {
        if (root == null) {
            return;
        }
        List<EClass> added = new ArrayList<>();
        Deque<EPackage> work = new ArrayDeque<>(List.of(root));
        while (!work.isEmpty()) {
            List<EClass> round = new ArrayList<>();
            while (!work.isEmpty()) {
                EPackage next = work.pop();
                if (admit(next)) {
                    work.addAll(next.getESubpackages());
                    claimClassifiers(next, round);
                }
            }
            for (EClass eClass : round) {
                classes.put(eClass, fields(eClass, work));
            }
            added.addAll(round);
        }
        dropUnreachable(added);
    }

    private boolean admit(EPackage ePackage) {
        String nsURI = ePackage.getNsURI();
        if (nsURI == null || ECORE_ITSELF.contains(nsURI)) {
            return false;
        }
        EPackage known = packages.putIfAbsent(nsURI, ePackage);
        if (known != null && known != ePackage) {
            context.leftOut(nsURI, "another EPackage with the same nsURI is already in the schema");
        }
        return known == null;
    }

    private void claimClassifiers(EPackage ePackage, List<EClass> round) {
        for (EClassifier classifier : ePackage.getEClassifiers()) {
            if (!(classifier instanceof EClass) && !(classifier instanceof EEnum)) {
                continue;
            }
            if (classifier.getInstanceClass() != null) {
                byJavaClass.putIfAbsent(classifier.getInstanceClass(), classifier);
            }
            String name = classifier.getName();
            boolean concrete = classifier instanceof EClass eClass && !eClass.isAbstract() && !eClass.isInterface();
            if (!FeatureTypes.isName(name)) {
                leave(classifier, "its name is not a legal GraphQL name");
            } else if (!context.claim(name, classifier) || (concrete && !context.claim(name + "Impl", classifier))) {
                leave(classifier, "the GraphQL type name " + name + (concrete ? " or " + name + "Impl" : "") + " is taken");
            } else if (classifier instanceof EEnum eEnum) {
                enums.add(eEnum);
            } else {
                round.add((EClass) classifier);
            }
        }
    }

    /** The output fields of a class; packages of the types they refer to go to {@code reached}. */
    private List<OutputField> fields(EClass eClass, Deque<EPackage> reached) {
        List<OutputField> fields = new ArrayList<>();
        for (EStructuralFeature feature : eClass.getEAllStructuralFeatures()) {
            String element = eClass.getName() + "." + feature.getName();
            if (!FeatureTypes.isName(feature.getName())) {
                context.leftOut(element, "not a legal GraphQL name");
                continue;
            }
            EClassifier target = feature instanceof EReference || feature.getEType() instanceof EEnum ? feature.getEType() : null;
            GraphQLOutputType type;
            if (target != null) {
                if (!packages.containsKey(target.getEPackage().getNsURI())) {
                    reached.add(target.getEPackage());
                }
                type = GraphQLTypeReference.typeRef(target.getName());
            } else {
                GraphQLScalarType scalar = FeatureTypes.scalar(context, (EAttribute) feature);
                if (scalar == null) {
                    context.leftOut(element, FeatureTypes.noScalar((EAttribute) feature));
                    continue;
                }
                type = scalar;
            }
            fields.add(new OutputField(feature, FeatureTypes.output(feature, type), target));
        }
        return fields;
    }

    /** Drops fields leading to unmapped classifiers and classes left without fields, until nothing changes. */
    private void dropUnreachable(List<EClass> added) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (EClass eClass : added) {
                List<OutputField> fields = classes.get(eClass);
                if (fields == null) {
                    continue;
                }
                for (Iterator<OutputField> it = fields.iterator(); it.hasNext();) {
                    OutputField field = it.next();
                    if (field.target() != null && !classes.containsKey(field.target()) && !enums.contains(field.target())) {
                        context.leftOut(eClass.getName() + "." + field.feature().getName(),
                                "its type " + field.target().getName() + " is not part of the schema");
                        it.remove();
                    }
                }
                if (fields.isEmpty()) {
                    classes.remove(eClass);
                    leave(eClass, "no feature of it can be mapped (a GraphQL type needs a field)");
                    changed = true;
                }
            }
        }
    }

    private void leave(EClassifier classifier, String reason) {
        leftOut.put(classifier, reason);
        context.leftOut(classifier.getName(), reason);
    }
}
