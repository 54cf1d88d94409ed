package org.gatehouse.graphql.whiteboard.internal.schema;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Small helpers over java.lang.reflect types: raw classes, element types, wrappers. */
final class JavaTypes {
    private JavaTypes() {}

    static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return raw(p.getRawType());
        }
        if (type instanceof GenericArrayType a) {
            return raw(a.getGenericComponentType()).arrayType();
        }
        if (type instanceof WildcardType w) {
            return raw(w.getUpperBounds()[0]);
        }
        if (type instanceof TypeVariable<?> v) {
            return raw(v.getBounds()[0]);
        }
        throw new MappingException("unsupported Java type " + type);
    }

    /** True for collections and arrays (but not byte[]/char[] which nobody wants as a list of numbers). */
    static boolean isList(Type type) {
        Class<?> raw = raw(type);
        return Collection.class.isAssignableFrom(raw) || (raw.isArray() && !raw.getComponentType().isPrimitive());
    }

    static boolean isMap(Type type) {
        return Map.class.isAssignableFrom(raw(type));
    }

    /** True for Optional and CompletionStage, which map to their content type. */
    static boolean isWrapper(Type type) {
        Class<?> raw = raw(type);
        return raw == Optional.class || CompletionStage.class.isAssignableFrom(raw);
    }

    /** The element type of a list or the content type of a wrapper; Object when not declared. */
    static Type firstArgument(Type type) {
        if (type instanceof GenericArrayType a) {
            return a.getGenericComponentType();
        }
        if (type instanceof Class<?> c && c.isArray()) {
            return c.getComponentType();
        }
        if (type instanceof ParameterizedType p && p.getActualTypeArguments().length > 0) {
            return p.getActualTypeArguments()[0];
        }
        throw new MappingException("raw " + raw(type).getSimpleName() + " without a type argument");
    }

    static String describe(Type type) {
        return type.getTypeName().replaceAll("[a-z0-9_$]+\\.", "");
    }
}
