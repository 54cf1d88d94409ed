package org.gatehouse.graphql.whiteboard.internal.schema;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gatehouse.graphql.api.GraphqlIgnore;

/**
 * The attributes of a model class: public getters ({@code getX}, {@code isX} for booleans) including
 * inherited ones, or the components of a record. Static members and {@code getClass} never count, fixing
 * the reference's use of declared fields only (no superclass attributes, static fields included).
 */
final class BeanProperties {
    private BeanProperties() {}

    static List<BeanProperty> of(Class<?> type) {
        Map<String, BeanProperty> byName = new TreeMap<>();
        if (type.isRecord()) {
            for (RecordComponent component : type.getRecordComponents()) {
                Method accessor = component.getAccessor();
                if (!accessor.isAnnotationPresent(GraphqlIgnore.class)) {
                    byName.put(component.getName(), new BeanProperty(component.getName(), accessor, component.getGenericType()));
                }
            }
            return List.copyOf(byName.values());
        }
        for (Method method : type.getMethods()) {
            String name = propertyName(method);
            if (name != null) {
                byName.putIfAbsent(name, new BeanProperty(name, method, method.getGenericReturnType()));
            }
        }
        List<BeanProperty> properties = new ArrayList<>(byName.values());
        properties.sort(Comparator.comparing(BeanProperty::name));
        return properties;
    }

    private static String propertyName(Method method) {
        if (Modifier.isStatic(method.getModifiers()) || method.getParameterCount() != 0 || method.isBridge()
                || method.isSynthetic() || method.getDeclaringClass() == Object.class
                || method.isAnnotationPresent(GraphqlIgnore.class)) {
            return null;
        }
        String name = method.getName();
        Class<?> returns = method.getReturnType();
        if (name.startsWith("get") && name.length() > 3 && returns != void.class) {
            return decapitalize(name.substring(3));
        }
        if (name.startsWith("is") && name.length() > 2 && (returns == boolean.class || returns == Boolean.class)) {
            return decapitalize(name.substring(2));
        }
        return null;
    }

    /** The JavaBeans rule: "URL" stays "URL", "ZipCode" becomes "zipCode". */
    static String decapitalize(String name) {
        if (name.length() > 1 && Character.isUpperCase(name.charAt(0)) && Character.isUpperCase(name.charAt(1))) {
            return name;
        }
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
