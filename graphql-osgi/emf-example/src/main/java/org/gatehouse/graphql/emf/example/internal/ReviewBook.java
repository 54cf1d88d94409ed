package org.gatehouse.graphql.emf.example.internal;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gatehouse.graphql.api.GraphqlClientException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The reviews (DynamicEObjectImpls) and their EPackage, loaded from the bundle and registered as an
 * {@code org.eclipse.emf.ecore.EPackage} service while this component is active: that registration is what
 * puts Review, Reviewer and Rating into the schema (hence immediate: active before anyone asks for it).
 * Disabling the component removes them again.
 */
@Component(service = ReviewBook.class, immediate = true)
public class ReviewBook {
    private final List<EObject> reviews = new ArrayList<>();
    private final EPackage ePackage = ReviewModel.load();
    private ServiceRegistration<EPackage> registration;

    @Reference
    CatalogStore catalog;

    @Activate
    void activate(BundleContext context) {
        EObject review = create("Review");
        set(review, "productId", "p1");
        set(review, "rating", ((EEnum) ePackage.getEClassifier("Rating")).getEEnumLiteral("GREAT").getInstance());
        set(review, "comment", "Kept me dry on the Rennsteig.");
        reviews.add(review);
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("emf.nsURI", ePackage.getNsURI());
        registration = context.registerService(EPackage.class, ePackage, properties);
    }

    @Deactivate
    void deactivate() {
        registration.unregister();
    }

    public synchronized List<EObject> reviews(String productId) {
        return reviews.stream().filter(r -> productId == null || productId.equals(get(r, "productId"))).toList();
    }

    /** Adds a review of a product of the catalog; an unknown product is an error the client sees. */
    public synchronized EObject add(EObject review) {
        Object productId = get(review, "productId");
        if (catalog.entry(String.valueOf(productId)).isEmpty()) {
            throw new GraphqlClientException("unknown product " + productId);
        }
        reviews.add(review);
        return review;
    }

    private EObject create(String eClass) {
        return EcoreUtil.create((EClass) ePackage.getEClassifier(eClass));
    }

    private static Object get(EObject object, String feature) {
        return object.eGet(feature(object, feature));
    }

    private static void set(EObject object, String feature, Object value) {
        object.eSet(feature(object, feature), value);
    }

    private static EStructuralFeature feature(EObject object, String name) {
        return object.eClass().getEStructuralFeature(name);
    }
}
