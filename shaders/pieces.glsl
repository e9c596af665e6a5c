// Pieces of card and token games: cards (paper, printed from the face atlas), wooden tokens,
// pawns and stands (painted wood with grain), felt mats, chits and printed labels; dice have their
// own program (pieces_die.glsl).  One instanced draw per mesh kind, lit like the Trench board
// (lib/lighting).  Instance: model matrix, colour, front and back atlas rectangles (u0, v0, u1, v1),
// params = (material 0 wood / 1 paper / 2 felt / 4 label, highlight, grey, seed).
// Vertex tag: 0 front (printed), 1 back (printed), 2 side.
// The fragment stage has one path for every material (llvmpipe runs every branch of a shader):
// what differs is chosen per vertex (flat): the print rectangle (an empty one samples the atlas's
// transparent corner), the grain's strength, the gloss, the card edge's shade, label or opaque.
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
in vec4 i_rect_b;
in vec4 i_params;
uniform mat4 u_vp;
uniform vec4 u_blank;            // the atlas's transparent corner (a rectangle to sample)
out vec3 v_lpos;
out vec3 v_wpos;
out vec3 v_nrm;
out vec2 v_uv;
out float v_grain;
flat out vec3 v_color;
flat out vec4 v_rect;
flat out vec4 v_surface;          // (grain strength, gloss, opaque 1 / label 0, greyed)
flat out vec4 v_hl;              // highlight tint (rgb) and strength (a)
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_wpos = w.xyz;
    v_nrm = normalize(mat3(i_model) * in_nrm);
    v_uv = in_uv;
    float material = i_params.x;
    vec4 rect = in_tag < 0.5 ? i_rect_a : (in_tag < 1.5 ? i_rect_b : vec4(0.0));
    v_rect = rect.z > rect.x ? rect : u_blank;
    float wood = material < 0.5 ? 1.0 : 0.0;
    float paper = material > 0.5 && material < 1.5 ? 1.0 : 0.0;
    v_color = i_color.rgb * (paper > 0.5 && in_tag > 1.5 ? 0.92 : 1.0);
    v_surface = vec4(0.07 * wood, material < 0.5 ? 0.2 : (paper > 0.5 ? 0.12 : 0.03),
                     material > 3.5 ? 0.0 : 1.0, i_params.z);
    // growth rings along the piece, slightly wavy (per vertex: cheap, and it moves with the piece)
    v_grain = (in_pos.x * 3.0 + sin(in_pos.y * 5.0 + i_params.w * 6.0) * 0.35) * 22.0 + i_params.w * 40.0;
    v_hl = highlight_tint(i_params.y);
    v_lpos = light_coords(w.xyz, v_nrm);
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
#include "lib/lighting.glsl"
uniform sampler2D u_atlas;
in vec3 v_lpos;
in vec3 v_wpos;
in vec3 v_nrm;
in vec2 v_uv;
in float v_grain;
flat in vec3 v_color;
flat in vec4 v_rect;
flat in vec4 v_surface;
flat in vec4 v_hl;
out vec4 f_color;

void main() {
    vec4 p = texture(u_atlas, mix(v_rect.xy, v_rect.zw, clamp(v_uv, 0.0, 1.0)));
    vec3 albedo = v_color * (1.0 + v_surface.x * sin(v_grain));
    albedo = mix(albedo, p.rgb, p.a);
    float l = dot(albedo, vec3(0.3, 0.59, 0.11));
    albedo = mix(albedo, mix(albedo, vec3(l), 0.75) * 0.7, v_surface.w);   // greyed: forbidden, spent
    float ao = mix(0.6, 1.0, smoothstep(-0.05, 0.35, v_wpos.z));
    vec3 col = shade(albedo, normalize(v_nrm), v_wpos, v_lpos, ao, v_surface.y);
    col = mix(col, v_hl.rgb, v_hl.a) + v_hl.rgb * 0.05;
    // labels are blended over what lies under them; everything else is opaque
    f_color = vec4(col, max(v_surface.z, p.a));
}
#endif
