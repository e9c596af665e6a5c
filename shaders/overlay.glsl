// Overlays: legal-target cell highlights, the selection ring and path ribbons (a dash,
// a predicted gas path) and effects (tracers, thrown shells).  Unlit, translucent;
// u >= 0 makes a moving dash pattern.  Drawn twice: the part hidden behind the solid
// scene first, faded (u_fade), then the visible part, so paths stay readable behind walls.
#if defined VERTEX_SHADER
in vec3 in_pos;
in vec4 in_color;
in float in_u;
uniform mat4 u_vp;
out vec4 v_color;
out float v_u;
void main() {
    v_color = in_color;
    v_u = in_u;
    gl_Position = u_vp * vec4(in_pos, 1.0);
}
#elif defined FRAGMENT_SHADER
uniform float u_time;
uniform float u_fade;
in vec4 v_color;
in float v_u;
out vec4 f_color;
void main() {
    float a = v_color.a * u_fade;
    if (v_u >= 0.0) {
        float f = fract(v_u * 2.5 - u_time * 1.2);
        if (f > 0.62) discard;
    }
    f_color = vec4(v_color.rgb, a);
}
#endif
