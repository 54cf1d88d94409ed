package org.gatehouse.graphql.whiteboard.internal.schema;

import java.lang.reflect.Method;
import java.lang.reflect.Type;

/** One readable attribute of a model class: its name, getter and declared (generic) type. */
record BeanProperty(String name, Method getter, Type type) {}
