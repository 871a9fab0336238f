package io.pgolab.util;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A record component that a file read by {@link JsonCheck} must hold (not absent, not null); with nonEmpty, a list
 * or map that must hold at least one element. Primitive components are required without it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Required {
    boolean nonEmpty() default false;
}
