// Wooden cubes (ground, walls, pillars, boats, bases, the village, carried cubes).
// One instanced draw of the bevelled cube mesh.  Instance: model matrix, tint (rgb) and
// paint flag (a), params = (seed, grain axis, ring x, ring y).
#if defined VERTEX_SHADER
#include "lib/lighting.glsl"
in vec3 in_pos;
in vec3 in_nrm;
in float in_tag;
in mat4 i_model;
in vec4 i_color;
in vec4 i_params;
uniform mat4 u_vp;
out vec3 v_lpos;
out vec3 v_misc;          // bevel weight, trench-wall occlusion, height tone
out vec3 v_nrm;
out vec3 v_local;
flat out vec4 v_color;
flat out vec4 v_params;
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_nrm = normalize(mat3(i_model) * in_nrm);
    v_local = in_pos;
    float side = 1.0 - abs(v_nrm.z);
    float ao = mix(1.0, mix(0.3, 1.0, clamp(w.z, 0.0, 1.0)), side);   // darker low in trenches
    // top faces by height, so walls read apart from the ground from above: a ground top
    // (z = 1) a little darker, a wall or pillar top (z >= 2) lighter.  No fog: pieces stand
    // within 5 units of the centre, where fog_factor is 0.
    float top = smoothstep(0.6, 0.9, v_nrm.z);
    float tone = mix(1.0, mix(0.78, 1.15, clamp(w.z - 1.0, 0.0, 1.0)), top);
    v_misc = vec3(in_tag, ao, tone);
    v_color = i_color;
    v_params = i_params;
    v_lpos = light_coords(w.xyz, v_nrm);
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
#include "lib/lighting.glsl"
in vec3 v_lpos;
in vec3 v_misc;
in vec3 v_nrm;
in vec3 v_local;
flat in vec4 v_color;
flat in vec4 v_params;
out vec4 f_color;

void main() {
    vec3 p = v_local;
    if (v_params.y > 0.5) p = p.yxz;         // grain along local x or y
    float s = v_params.x * 40.0;
    // growth rings round a pith outside the cube: near-straight grain on the sides,
    // arcs on the end grain; gently wobbled along the fibre
    vec2 q = p.yz - v_params.zw;
    float r = length(q) * 13.0 + 0.16 * sin(p.x * 2.3 + s) + 0.05 * sin(p.x * 9.0 + s * 1.7);
    float ring = fract(r);
    float late = smoothstep(0.55, 0.9, ring) - smoothstep(0.9, 1.0, ring);
    vec3 wood = mix(vec3(0.89, 0.72, 0.50), vec3(0.72, 0.52, 0.31), late * 0.7);
    vec3 albedo;
    if (v_color.a > 0.5) {
        // stained (base / village): the stain over the grain
        float l = dot(wood, vec3(0.4, 0.4, 0.2));
        albedo = v_color.rgb * (0.55 + 0.6 * l);
    } else {
        albedo = wood * v_color.rgb;
    }
    vec3 n = normalize(v_nrm);
    float ao = v_misc.y;
    albedo *= (1.0 - 0.22 * v_misc.x) * mix(1.0, ao, 0.55) * v_misc.z;   // bevels, trench walls, height
    float ndl = dot(n, u_light_dir);
    float sh = ndl > 0.0 ? texture(u_shadow, v_lpos) * ndl : 0.0;
    vec3 amb = mix(u_amb_ground, u_amb_sky, n.z * 0.5 + 0.5) * ao;
    vec3 col = albedo * (amb + u_light_col * sh);
    f_color = vec4(col, 1.0);
}
#endif
