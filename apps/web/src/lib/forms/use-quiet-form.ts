import {
  type FieldValues,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';

const quieted = new WeakSet<object>();

/**
 * react-hook-form's `useForm`, except that leaving a field the person has not changed checks nothing.
 *
 * In 'onTouched' mode a field is checked the first time it loses focus. A field someone only passes
 * through (the focus put there for them, then a click on a link below it) would show its error at once:
 * the page moves under the pointer, and the click lands elsewhere. So a field that still holds its
 * starting value is left alone when it loses focus; once changed, it is checked on leaving as before, and
 * the submit checks every field, changed or not. Fields registered with `register`, `useController` or
 * `<Controller>` all go through the control's `register`, which is wrapped once, when the form is made.
 */
export function useQuietForm<Values extends FieldValues, Context = unknown, Output = Values>(
  props: UseFormProps<Values, Context, Output>,
): UseFormReturn<Values, Context, Output> {
  const form = useForm(props);
  const { control, getFieldState } = form;
  if (!quieted.has(control)) {
    quieted.add(control);
    const register = control.register;
    const quiet: UseFormRegister<Values> = (name, options) => {
      const field = register(name, options);
      return {
        ...field,
        onBlur: async (event) => (getFieldState(name).isDirty ? field.onBlur(event) : undefined),
      };
    };
    control.register = quiet;
    form.register = quiet;
  }
  return form;
}
