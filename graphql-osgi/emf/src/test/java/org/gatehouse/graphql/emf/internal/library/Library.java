package org.gatehouse.graphql.emf.internal.library;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.xmi.impl.EcoreResourceFactoryImpl;

/**
 * The dynamic library model, loaded from {@code library.ecore} as a user would at run time, and an
 * in-memory library of DynamicEObjectImpls that implements both test services.
 */
public final class Library implements LibraryService, LibraryMutations {
    public final EPackage ePackage;
    private final EObject library;
    /** What addBook received, to check the EObject the gateway built. */
    public final List<EObject> received = new ArrayList<>();

    public Library() {
        ePackage = load();
        library = create("Library");
        library.eSet(feature(library, "name"), "Town library");
        EObject book = create("Book");
        set(book, "title", "Faust");
        set(book, "isbn", "978-3-15-000001-4");
        set(book, "genre", ((EEnum) ePackage.getEClassifier("Genre")).getEEnumLiteral("POETRY").getInstance());
        set(book, "pages", 160);
        set(book, "published", new Date(0));
        EObject author = create("Author");
        set(author, "name", "Goethe");
        list(book, "authors").add(author);
        EObject magazine = create("Magazine");
        set(magazine, "title", "Kosmos");
        set(magazine, "issue", 5_000_000_000L);
        list(library, "items").add(book);
        list(library, "items").add(magazine);
        set(library, "featured", magazine);
    }

    public static EPackage load() {
        ResourceSet resources = new ResourceSetImpl();
        resources.getResourceFactoryRegistry().getExtensionToFactoryMap().put("ecore", new EcoreResourceFactoryImpl());
        Resource resource = resources.getResource(URI.createURI(Library.class.getResource("/library.ecore").toString()), true);
        return (EPackage) resource.getContents().get(0);
    }

    public EObject create(String eClass) {
        return EcoreUtil.create((EClass) ePackage.getEClassifier(eClass));
    }

    @Override
    public EObject library() {
        return library;
    }

    @Override
    public List<EObject> items() {
        return list(library, "items");
    }

    @Override
    public EObject anything() {
        return library;
    }

    @Override
    public EObject addBook(EObject book) {
        received.add(book);
        list(library, "items").add(book);
        return book;
    }

    @Override
    public String addItem(EObject item) {
        return "never exposed";
    }

    private static void set(EObject object, String name, Object value) {
        object.eSet(feature(object, name), value);
    }

    @SuppressWarnings("unchecked")
    private static List<EObject> list(EObject object, String name) {
        return (List<EObject>) object.eGet(feature(object, name));
    }

    private static org.eclipse.emf.ecore.EStructuralFeature feature(EObject object, String name) {
        return object.eClass().getEStructuralFeature(name);
    }
}
