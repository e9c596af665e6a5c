// Dice of the card-and-token tables: ivory (the instance colour) with real pips; the pip colour is
// in the instance's front rectangle.  Vertex tag 4..9: face 1..6 (opposite faces sum to 7); the
// bevels (tag 2) are plain.  Same instance layout as pieces.glsl.
#if defined VERTEX_SHADER
#include "lib/lighting.glsl"
#include "lib/highlight.glsl"
in vec3 in_pos;
in vec3 in_nrm;
in vec2 in_uv;
in float in_tag;
in mat4 i_model;
in vec4 i_color;
in vec4 i_rect_a;
in vec4 i_params;
uniform mat4 u_vp;
out vec3 v_lpos;
out vec3 v_wpos;
out vec3 v_nrm;
out vec2 v_uv;
flat out float v_face;
flat out vec3 v_color;
flat out vec3 v_pip;
flat out float v_grey;
flat out vec4 v_hl;              // highlight tint (rgb) and strength (a)
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_wpos = w.xyz;
    v_nrm = normalize(mat3(i_model) * in_nrm);
    v_uv = in_uv;
    v_face = in_tag > 3.5 ? in_tag - 3.0 : 0.0;
    v_color = i_color.rgb;
    v_pip = i_rect_a.rgb;
    v_grey = i_params.z;
    v_hl = highlight_tint(i_params.y);
    v_lpos = light_coords(w.xyz, v_nrm);
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
#include "lib/lighting.glsl"
in vec3 v_lpos;
in vec3 v_wpos;
in vec3 v_nrm;
in vec2 v_uv;
flat in float v_face;
flat in vec3 v_color;
flat in vec3 v_pip;
flat in float v_grey;
flat in vec4 v_hl;
out vec4 f_color;

void main() {
    // the pips of face v on a 3x3 grid: distance to the nearest one
    int v = int(v_face + 0.5);
    vec2 q = (v_uv - 0.5) * 2.0;
    float d = 10.0;
    if (v == 1 || v == 3 || v == 5) d = length(q);
    if (v >= 2) d = min(d, min(length(q - vec2(-0.52, -0.52)), length(q - vec2(0.52, 0.52))));
    if (v >= 4) d = min(d, min(length(q - vec2(-0.52, 0.52)), length(q - vec2(0.52, -0.52))));
    if (v == 6) d = min(d, min(length(q - vec2(-0.52, 0.0)), length(q - vec2(0.52, 0.0))));
    float r = v == 1 ? 0.26 : 0.19;
    vec3 albedo = mix(v_color, v_pip, 1.0 - smoothstep(r - 0.04, r, d));
    if (v_grey > 0.5) {
        float l = dot(albedo, vec3(0.3, 0.59, 0.11));
        albedo = mix(albedo, vec3(l), 0.75) * 0.7;
    }
    vec3 col = shade(albedo, normalize(v_nrm), v_wpos, v_lpos, 1.0, 0.45);
    col = mix(col, v_hl.rgb, v_hl.a) + v_hl.rgb * 0.05;
    f_color = vec4(col, 1.0);
}
#endif
